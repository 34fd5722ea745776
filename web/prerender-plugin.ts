/**
 * Vite plugin: after the client build, the screens of `prerenderedPaths` (shared/src/site-routes.ts,
 * the landing pages) are rendered to static HTML, one file per language and URL form, at
 * `prerenderedFile(…)` in the site. src/prerender.tsx is bundled for Node (a second, SSR build into
 * a temporary folder) and renders the app's own routes; src/prerender-html.ts puts each result into
 * the built shell with the page's style sheets and the static page script (src/static-page.ts, an
 * entry of the client build). The site router answers those paths with the files.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { businessConfig } from '@app/shared/config';
import { prerenderedFile, prerenderedPaths } from '@app/shared/site-routes';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rollup } from 'vite';
import type { RenderedPage } from './src/prerender.tsx';
import { staticPageHtml } from './src/prerender-html.ts';

/** The client build's entry name of the static page script. */
export const STATIC_PAGE_ENTRY = 'static-page';

type Chunk = Rollup.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

export function prerenderPages(opts: { root: string; define: Record<string, string> }): Plugin {
  return {
    name: 'prerender-pages',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? join(opts.root, 'dist');
      const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk');
      const shell = bundle['index.html'];
      const script = chunks.find((c) => c.isEntry && c.name === STATIC_PAGE_ENTRY);
      const landing = chunks.find((c) => c.moduleIds.some((id) => id.endsWith('/features/landing/index.ts')));
      if (shell?.type !== 'asset' || !script || !landing) {
        throw new Error('prerender: the build has no app shell, static page script or landing chunk');
      }
      const css = [...(landing.viteMetadata?.importedCss ?? [])].map((f) => `/${f}`);

      const tmp = await mkdtemp(join(tmpdir(), 'kinoko-prerender-'));
      try {
        await build({
          configFile: false,
          root: opts.root,
          logLevel: 'warn',
          plugins: [react()],
          define: opts.define,
          ssr: { noExternal: true },
          build: {
            ssr: join(opts.root, 'src/prerender.tsx'),
            outDir: tmp,
            emptyOutDir: true,
            rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
          },
        });
        const { renderPage } = (await import(pathToFileURL(join(tmp, 'prerender.mjs')).href)) as {
          renderPage: (path: string, lang: string) => Promise<RenderedPage>;
        };
        for (const path of prerenderedPaths) {
          for (const lang of businessConfig.languages) {
            for (const prefixed of [false, true]) {
              const url = prefixed ? `/${lang}${path === '/' ? '' : path}` : path;
              const page = await renderPage(url, lang);
              const file = join(dir, prerenderedFile(lang, prefixed, path));
              await mkdir(dirname(file), { recursive: true });
              await writeFile(
                file,
                staticPageHtml(String(shell.source), {
                  ...page,
                  css,
                  script: `/${script.fileName}`,
                  preload: script.imports.map((f) => `/${f}`),
                }),
              );
            }
          }
        }
      } finally {
        await rm(tmp, { recursive: true, force: true });
      }
    },
  };
}
