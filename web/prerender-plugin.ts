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
import { type PrerenderedPath, prerenderedFile, prerenderedPaths } from '@app/shared/site-routes';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rollup } from 'vite';
import type { RenderedPage } from './src/prerender.tsx';
import { staticPageHtml } from './src/prerender-html.ts';

/** The client build's entry name of the static page script. */
export const STATIC_PAGE_ENTRY = 'static-page';

type Chunk = Rollup.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** The module of each pre-rendered screen (as src/app/router.tsx loads it): its chunk has the page's styles. */
const pageModules: Record<PrerenderedPath, string> = {
  '/': '/src/features/landing/index.ts',
  '/creator': '/src/features/landing/index.ts',
  '/user/login': '/src/features/auth/routes/UserLoginPage.tsx',
};

/** The style sheets of the chunk holding `module` and of the chunks it imports (site paths). */
function pageStyleSheets(chunks: Chunk[], module: string): string[] {
  const page = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)));
  if (!page) throw new Error(`prerender: no chunk holds ${module}`);
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (chunk: Chunk) => {
    if (seen.has(chunk.fileName) || chunk.isEntry) return; // the entry's styles are the shell's
    seen.add(chunk.fileName);
    for (const f of chunk.viteMetadata?.importedCss ?? []) css.add(`/${f}`);
    for (const f of chunk.imports) {
      const next = byFile.get(f);
      if (next) visit(next);
    }
  };
  visit(page);
  return [...css];
}

export function prerenderPages(opts: { root: string; define: Record<string, string> }): Plugin {
  return {
    name: 'prerender-pages',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? join(opts.root, 'dist');
      const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk');
      const shell = bundle['index.html'];
      const script = chunks.find((c) => c.isEntry && c.name === STATIC_PAGE_ENTRY);
      if (shell?.type !== 'asset' || !script) {
        throw new Error('prerender: the build has no app shell or static page script');
      }
      const cssOf = (path: PrerenderedPath) => pageStyleSheets(chunks, pageModules[path]);

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
                  css: cssOf(path),
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
