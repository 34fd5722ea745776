import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies } from '../test/boundary.ts';
import { setRuntimeConfig } from './config.ts';
import { getCookie } from './cookies.ts';
import { enhanceStaticPage } from './static-page.ts';

function page(lang: string, path: string, search = '') {
  document.documentElement.lang = lang;
  document.body.innerHTML = `<nav class="lang-switch"><button type="button" lang="ja" class="lang-switch__btn">日本語</button><button type="button" lang="en" class="lang-switch__btn">English</button></nav>`;
  const location = { pathname: path, search, assign: vi.fn(), reload: vi.fn() };
  enhanceStaticPage(document, location as unknown as Location);
  return location;
}

const button = (lang: string) => document.querySelector<HTMLButtonElement>(`button[lang="${lang}"]`);

describe('enhanceStaticPage (the script of the pre-rendered landing pages)', () => {
  beforeEach(() => {
    setRuntimeConfig({ apiBase: '/api', wsUrl: '', stage: 'local' });
    localStorage.clear();
    clearCookies();
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('stores the chosen language and opens the same page in it', () => {
    const location = page('ja', '/creator', '?ad=1');
    button('en')?.click();
    expect(localStorage.getItem('locale')).toBe('en');
    expect(getCookie('locale')).toBe('en');
    expect(location.assign).toHaveBeenCalledWith('/en/creator?ad=1');
  });

  it('stores the choice without leaving when the page is already in that language', () => {
    const location = page('ja', '/ja');
    button('ja')?.click();
    expect(getCookie('locale')).toBe('ja');
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('stores the advertising flag of ?ad=1', () => {
    page('ja', '/', '?ad=1');
    expect(getCookie('ad')).toBe('1');
  });

  it('reloads an unprefixed page once when localStorage holds another choice than the page’s', () => {
    localStorage.setItem('locale', 'en');
    const location = page('ja', '/');
    expect(getCookie('locale')).toBe('en');
    expect(location.reload).toHaveBeenCalledTimes(1);
  });

  it('keeps a prefixed page, and a page already in the stored language', () => {
    localStorage.setItem('locale', 'en');
    expect(page('ja', '/ja/creator').reload).not.toHaveBeenCalled();
    expect(page('en', '/').reload).not.toHaveBeenCalled();
  });
});
