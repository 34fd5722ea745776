import { defineConfig } from 'vitest/config';

// Powertools Metrics records but prints nothing in tests (tests read what was recorded).
const quietMetrics = { POWERTOOLS_METRICS_DISABLED: 'true' };

// One config, four projects: `npm test` runs them in order (see scripts/test-all.ts).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'functions/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['scripts/test/**', '**/node_modules/**'],
          environment: 'node',
          env: quietMetrics,
        },
      },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup.ts'],
          // CI runs the suites side by side on two cores: a screen's first render (its lazy chunks)
          // can take seconds there. A failing test fails on its own assertion, not on this.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['functions/test/**/*.test.ts', 'scripts/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['functions/test/global-setup.ts'],
          env: quietMetrics,
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['infra/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
