import { copyFile, mkdir, readdir, rename, rm } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SAMPLE_OPERATOR } from '@app/shared/operator';
import { inlineRuntimeConfig, type RuntimeConfig } from '@app/shared/runtime-config';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { prerenderPages, STATIC_PAGE_ENTRY } from './prerender-plugin.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The version compiled into the app and written to dist/build.json; a new build gets a new one. */
const appVersion = process.env.APP_VERSION ?? `${Date.now().toString(36)}`;

/** The API the dev server proxies to: the local cloud of `npm start`. */
const localCloud = process.env.LOCAL_CLOUD_URL ?? 'http://localhost:3000';

const devConfig: RuntimeConfig = { apiBase: '/api', wsUrl: '', stage: 'local', operator: SAMPLE_OPERATOR };

function serveLocalConfig(res: ServerResponse) {
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(devConfig));
}

/**
 * Source maps are built 'hidden' (no sourceMappingURL in the scripts) and moved out of the site
 * to web/sourcemaps/, so neither the deployment nor the local site server can serve them; keep
 * that folder with the build to read a production stack trace.
 */
const sourcemapDir = join(root, 'sourcemaps');

async function moveSourceMaps(distDir: string): Promise<void> {
  await rm(sourcemapDir, { recursive: true, force: true });
  const files = await readdir(distDir, { recursive: true });
  for (const file of files.filter((f) => f.endsWith('.map'))) {
    const target = join(sourcemapDir, file);
    await mkdir(join(target, '..'), { recursive: true });
    await rename(join(distDir, file), target);
  }
}

/**
 * Build artefacts next to index.html:
 * - 404.html, identical to index.html: CloudFront (and the local site server) answer it with
 *   status 404 for unknown paths, and the app renders its not-found page there;
 * - build.json {version}: polled by the app to notice a new deployment.
 * The built shell keeps the runtime-config placeholder: the deployment (and the local cloud) write
 * the configuration in. The dev server inlines the local one; preview answers /config.json.
 */
function siteArtifacts(): Plugin {
  return {
    name: 'site-artifacts',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build.json',
        source: `${JSON.stringify({ version: appVersion })}\n`,
      });
    },
    async writeBundle(options) {
      const dir = options.dir ?? join(root, 'dist');
      await copyFile(join(dir, 'index.html'), join(dir, '404.html'));
      await moveSourceMaps(dir);
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html, ctx) {
        return ctx.server ? inlineRuntimeConfig(html, devConfig) : html;
      },
    },
    configureServer(server) {
      server.middlewares.use('/config.json', (_req, res) => serveLocalConfig(res));
    },
    configurePreviewServer(server) {
      server.middlewares.use('/config.json', (_req, res) => serveLocalConfig(res));
    },
  };
}

/** The service worker's entry, emitted as /sw.js. */
const SERVICE_WORKER_ENTRY = 'sw';

const define = { __APP_VERSION__: JSON.stringify(appVersion) };

export default defineConfig({
  root,
  plugins: [react(), siteArtifacts(), prerenderPages({ root, define })],
  define,
  build: {
    outDir: join(root, 'dist'),
    emptyOutDir: true,
    sourcemap: 'hidden',
    // The app, the script of the pre-rendered pages (prerender-plugin.ts), and the service worker:
    // built from TypeScript to /sw.js, at the site root so its scope is the whole site (its name
    // stays: browsers update a worker at the same URL). A plugin (vite-plugin-pwa) would add
    // workbox-build for a worker that precaches nothing; the manifest and icons are in public/.
    rollupOptions: {
      input: {
        index: join(root, 'index.html'),
        [STATIC_PAGE_ENTRY]: join(root, 'src/static-page.ts'),
        [SERVICE_WORKER_ENTRY]: join(root, 'src/sw.ts'),
      },
      output: {
        entryFileNames: (chunk) =>
          chunk.name === SERVICE_WORKER_ENTRY ? 'sw.js' : 'assets/[name]-[hash].js',
      },
    },
  },
  server: { proxy: { '/api': { target: localCloud, changeOrigin: false } } },
  preview: { proxy: { '/api': { target: localCloud, changeOrigin: false } } },
});
