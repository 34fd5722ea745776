/**
 * Debian's Chromium, as the browser tests (web/e2e/playwright.config.ts) and the Lighthouse bench
 * (scripts/bench/web.ts) both launch it: one list of flags. Nothing is ever downloaded.
 */

/** `CHROMIUM_PATH` (or the older `CHROME_PATH`), else Debian's package. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Headless, no sandbox (containers), and nothing that reaches the network on its own. */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-extensions',
  '--disable-dev-shm-usage',
];
