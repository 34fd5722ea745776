import { describe, expect, it } from 'vitest';
import shellSource from '../index.html?raw';
import { staticPageHtml } from './prerender-html.ts';

const shell = `<!doctype html>
<html lang="ja">
  <head>
    <title>kinoko</title>
    <meta
      name="description"
      content="既定の説明"
    />
    <script id="runtime-config" type="application/json">"__RUNTIME_CONFIG__"</script>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
    <noscript>JavaScript を有効にしてください。</noscript>
  </body>
</html>`;

const parts = {
  lang: 'en',
  documentTitle: 'For creators | kinoko',
  description: 'Join "as" a creator & earn',
  html: '<main id="main">landing</main>',
  css: ['/assets/landing-x.css'],
  script: '/assets/static-page-x.js',
  preload: ['/assets/lang-x.js'],
};

describe('staticPageHtml', () => {
  it('puts the rendered page, its language, title and description into the shell, with the static script only', () => {
    const html = staticPageHtml(shell, parts);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>For creators | kinoko</title>');
    expect(html).toContain('content="Join &quot;as&quot; a creator &amp; earn"');
    expect(html).toContain('<div id="root"><main id="main">landing</main></div>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/landing-x.css">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/lang-x.js">');
    expect(html).toContain('<script type="module" crossorigin src="/assets/static-page-x.js"></script>');
    expect(html).not.toContain('index-abc.js');
    expect(html).not.toContain('react-abc.js');
    expect(html).not.toContain('<noscript>');
    expect(html).not.toContain('既定の説明');
    expect(html).toContain('"__RUNTIME_CONFIG__"');
  });

  it('fits the real shell (web/index.html)', () => {
    expect(staticPageHtml(shellSource, parts)).toContain('<title>For creators | kinoko</title>');
  });

  it('fails loudly when the shell changed shape', () => {
    expect(() =>
      staticPageHtml(shell.replace('<div id="root"></div>', '<div id="app"></div>'), parts),
    ).toThrow(/empty #root/);
  });
});
