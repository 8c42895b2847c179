import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { portalOnlyManifest, PWA_OPTIONS } from './scripts/pwa/options';

// The portal lives under /portal. In `npm run dev` the sandbox (npm run sandbox) answers the services.
const sandbox = process.env.SANDBOX_URL ?? 'http://127.0.0.1:5280';

const CORE_TEXTS = /[\\/]src[\\/]i18n[\\/](vi|en)[\\/](?:common|errors|validation|auth|shell)\.json$/;

const PRECOMPRESS = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, best) and `<file>.gz` (gzip -9) beside every text file of the build,
 * index.html included, so the server sends them as they are instead of compressing each answer
 * (D82; sandbox/platform/portal/static.ts). Small files and dot folders (.vite/manifest.json)
 * are left alone. node:zlib, so no dependency.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  const files = async (dir: string): Promise<string[]> => {
    const entries = await readdir(dir, { withFileTypes: true });
    const nested = await Promise.all(
      entries.map((e) => (e.isDirectory() ? (e.name.startsWith('.') ? [] : files(join(dir, e.name))) : [join(dir, e.name)])),
    );
    return nested.flat();
  };
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After every other plugin's closeBundle, vite-plugin-pwa's included, so sw.js and its Workbox file are compressed too.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const targets = (await files(outDir)).filter((f) => PRECOMPRESS.test(f));
        await Promise.all(
          targets.map(async (file) => {
            const body = await readFile(file);
            if (body.length < PRECOMPRESS_MIN_BYTES) return;
            const [brotli, gzipped] = await Promise.all([
              br(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
              gz(body, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzipped)]);
          }),
        );
      },
    },
  };
}

export default defineConfig({
  base: '/portal/',
  // The manifest and service worker (D342–D344); the checkout page gets no manifest link.
  plugins: [react(), VitePWA(PWA_OPTIONS), portalOnlyManifest(), precompress()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      // The portal, and the hosted checkout page the sandbox serves at /checkout/ (contract 14 §C).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        checkout: fileURLToPath(new URL('./checkout.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: [
            // The first screen's texts of one language travel as one file (src/i18n/index.ts).
            {
              debugName: 'core-texts',
              name: (id: string) => CORE_TEXTS.exec(id)?.[1] && `texts-${CORE_TEXTS.exec(id)![1]}`,
              test: CORE_TEXTS,
            },
          ],
        },
      },
    },
  },
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
