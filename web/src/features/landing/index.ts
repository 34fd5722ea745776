export { CreatorLandingPage } from './routes/CreatorLandingPage.tsx';
export { LandingPage } from './routes/LandingPage.tsx';
export type { LandingConfig } from './values.ts';
