import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/model/**/*.test.ts'],
    environment: 'node',
    // Vitest's default is one worker fewer than the cores: one on CI's 2 cores (83 s here, 44 s with
    // two). Each file tests one machine and shares nothing, and the coverage report reads files the
    // workers write, so every core runs one.
    maxWorkers: availableParallelism(),
    globalSetup: ['tests/model/shared/coverage-report.ts'],
  },
});
