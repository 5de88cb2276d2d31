import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Builds dist/ once per run: the bin smoke test and the root-entry test read the shipped code.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // Plain output in every environment: picocolors turns colors on when CI is set.
    env: { NO_COLOR: '1' },
  },
});
