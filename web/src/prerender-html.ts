/**
 * A pre-rendered page's HTML, from the built app shell (web/dist/index.html): the page's language,
 * title and description, the rendered markup in #root, the page's style sheets, and the static
 * page script instead of the app's (with no script the page still reads and its links work).
 * The runtime-config placeholder stays: the deployment writes the configuration in, as in the shell.
 */
export interface StaticPageParts {
  lang: string;
  documentTitle: string;
  description: string;
  /** The markup of #root. */
  html: string;
  /** Extra style sheets of the page's code (the shell links the global one), site paths. */
  css: readonly string[];
  /** The static page script and the chunks it imports, site paths. */
  script: string;
  preload: readonly string[];
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function replaceOnce(html: string, pattern: RegExp, by: string, what: string): string {
  const matches = html.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`));
  if (matches?.length !== 1) throw new Error(`the app shell has ${matches?.length ?? 0} ${what}, expected 1`);
  return html.replace(pattern, () => by);
}

export function staticPageHtml(shell: string, page: StaticPageParts): string {
  let html = shell;
  html = replaceOnce(html, /<html lang="[^"]*">/, `<html lang="${escapeHtml(page.lang)}">`, '<html lang>');
  html = replaceOnce(
    html,
    /<title>[^<]*<\/title>/,
    `<title>${escapeHtml(page.documentTitle)}</title>`,
    '<title>',
  );
  html = replaceOnce(
    html,
    /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    'meta description',
  );
  // The app's entry and its preloads go; the static page script comes in their place.
  html = replaceOnce(
    html,
    /\s*<script type="module"[^>]*src="[^"]*"[^>]*><\/script>/,
    '',
    'app entry script',
  );
  html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  html = replaceOnce(html, /\s*<noscript>[\s\S]*?<\/noscript>/, '', '<noscript>');
  const head = [
    ...page.css.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`),
    ...page.preload.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
    `<script type="module" crossorigin src="${escapeHtml(page.script)}"></script>`,
  ];
  html = replaceOnce(html, /<\/head>/, `  ${head.join('\n    ')}\n  </head>`, '</head>');
  return replaceOnce(html, /<div id="root"><\/div>/, `<div id="root">${page.html}</div>`, 'empty #root');
}
