import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Unit tests: beside the code in src/, sandbox/ and scripts/. Model path tests have their own config.
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'sandbox/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'happy-dom',
    setupFiles: ['src/test/setup.ts'],
    globalSetup: ['sandbox/platform/test/template.ts'],
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one worker on CI's 2 cores, which made the
    // unit layer take 13.6 min instead of 7.5. The test files do not share state (each sandbox has its
    // own database or schema), so every core runs one.
    maxWorkers: availableParallelism(),
  },
});
