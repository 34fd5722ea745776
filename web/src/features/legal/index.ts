export { CommercialPage } from './routes/CommercialPage.tsx';
export { CreatorTermsPage } from './routes/CreatorTermsPage.tsx';
export { TermsPage } from './routes/TermsPage.tsx';
export type { LegalConfig } from './values.ts';
