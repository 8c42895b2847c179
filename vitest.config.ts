import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Unit tests: beside the code in src/ and sandbox/. Model path tests have their own config.
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'sandbox/**/*.test.ts'],
    environment: 'happy-dom',
    setupFiles: ['src/test/setup.ts'],
    pool: 'forks',
  },
});
