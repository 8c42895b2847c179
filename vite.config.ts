import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The portal lives under /portal. In `npm run dev` the sandbox (npm run sandbox) answers the services.
const sandbox = process.env.SANDBOX_URL ?? 'http://127.0.0.1:5280';

export default defineConfig({
  base: '/portal/',
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: false, manifest: true, chunkSizeWarningLimit: 600 },
  server: {
    port: 5173,
    proxy: {
      '/api': sandbox,
      '/sandbox': sandbox,
      '/socket.io': { target: sandbox, ws: true },
      '/portal/config.json': sandbox,
    },
  },
});
