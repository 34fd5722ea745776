/** Entry of the pre-rendered pages' script (lib/static-page.ts): the configuration is in the page. */
import { loadRuntimeConfig } from './lib/config.ts';
import { enhanceStaticPage } from './lib/static-page.ts';

void loadRuntimeConfig().then(() => enhanceStaticPage(document, window.location));
