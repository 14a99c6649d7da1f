import { defineConfig } from 'vitest/config';
import { scaledTimeout } from './packages/test-utils/src/testTimeout.js';

export default defineConfig({
  resolve: {
    // Tests run against each package's TypeScript source, not a possibly stale dist/.
    conditions: ['mason-source'],
  },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'templates/*/test/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Longer on a loaded machine (or by MASON_TEST_TIMEOUT_SCALE): see docs/testing.md.
    testTimeout: scaledTimeout(30_000),
    hookTimeout: scaledTimeout(60_000),
    pool: 'forks',
  },
});
