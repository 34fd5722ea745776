import { describe, expect, it } from 'vitest';
import { renderPage } from './prerender.tsx';

describe('renderPage (the pre-rendered landing pages)', () => {
  it('renders the fan landing page unprefixed in the given language, with unprefixed links', async () => {
    const page = await renderPage('/', 'ja');
    expect(page.html).toContain('<main id="main"');
    expect(page.html).toContain('LINEではじめる');
    expect(page.html).toContain('href="/user/login"');
    expect(page.html).toContain('aria-current="true"');
    expect(page.documentTitle).toMatch(/ \| kinoko$/);
    expect(page.description).toMatch(/kinoko/);
    expect(localStorage.getItem('locale')).toBeNull();
  });

  it('renders the creator landing page under /en in English, with /en links', async () => {
    const page = await renderPage('/en/creator', 'en');
    expect(page.html).toContain('href="/en/creator/register"');
    expect(page.html).not.toMatch(/[ぁ-んァ-ン]{3}/);
    expect(page.documentTitle).toMatch(/ \| kinoko$/);
  });

  it('renders an unprefixed page in English for a visitor whose choice is English', async () => {
    const page = await renderPage('/creator', 'en');
    expect(page.html).toContain('href="/creator/register"');
    expect(page.html).not.toMatch(/[ぁ-んァ-ン]{3}/);
  });
});
