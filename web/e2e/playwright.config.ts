import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 3210);

/** Browser tests: Debian's Chromium against `npm start`'s whole stack, in memory, no demo data. */
export default defineConfig({
  testDir: '.',
  testMatch: '*.e2e.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: '../../test-results',
  use: {
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 390, height: 844 },
    locale: 'ja-JP',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS],
    },
  },
  webServer: {
    command: 'npx tsx scripts/local/start.ts',
    cwd: '../..',
    // The local cloud listens on 127.0.0.1 only; Node would try ::1 first for "localhost".
    url: `http://127.0.0.1:${PORT}/config.json`,
    env: { PORT: String(PORT), LOCAL_DATA: 'memory', SEED: 'false' },
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
