import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/model/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/model/shared/coverage-report.ts'],
  },
});
