import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Tests run against each package's TypeScript source, not a possibly stale dist/.
    conditions: ['mason-source'],
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'templates/*/test/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
