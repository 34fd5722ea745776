import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, jsonResponse, setRawCookie, stubBoundary } from '../test/boundary.ts';
import { setRuntimeConfig } from './config.ts';
import { getCookie } from './cookies.ts';
import { enhanceStaticPage } from './static-page.ts';

const switcher = `<nav class="lang-switch"><button type="button" lang="ja" class="lang-switch__btn">日本語</button><button type="button" lang="en" class="lang-switch__btn">English</button></nav>`;
const lineButton = `<div class="auth-card"><button type="button" class="btn btn--line" data-line-login="" data-busy-label="BUSY">LINE</button></div>`;

/** A pre-rendered page with `body` at `path`, given its script; returns the location it controls. */
function page(lang: string, path: string, search = '', body = switcher) {
  document.documentElement.lang = lang;
  document.body.innerHTML = body;
  const location = { pathname: path, search, assign: vi.fn(), reload: vi.fn(), replace: vi.fn() };
  enhanceStaticPage(document, location as unknown as Location);
  return location;
}

const button = (lang: string) => document.querySelector<HTMLButtonElement>(`button[lang="${lang}"]`);

beforeEach(() => {
  setRuntimeConfig({ apiBase: '/api', wsUrl: '', stage: 'local' });
  localStorage.clear();
  clearCookies();
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('enhanceStaticPage (the script of the pre-rendered pages)', () => {
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

describe('a signed-in visitor of a pre-rendered page', () => {
  const creatorLink = '<a href="/en/creator/login">creators</a>';

  it('is sent home from the top page and the fans’ login page, in the page’s prefix', () => {
    setRawCookie('refresh_token=r1; Path=/');
    expect(page('ja', '/').replace).toHaveBeenCalledWith('/home');
    expect(page('en', '/en/').replace).toHaveBeenCalledWith('/en/home');
    expect(page('en', '/en/user/login').replace).toHaveBeenCalledWith('/en/home');
  });

  it('is sent back to the page that asked for the login, never to another site', () => {
    setRawCookie('access_token=a1; Path=/');
    expect(page('en', '/en/user/login', '?next=%2Fchatroom%2Fsakura').replace).toHaveBeenCalledWith(
      '/en/chatroom/sakura',
    );
    for (const evil of ['https%3A%2F%2Fevil.example', '%2F%2Fevil.example', '%2F%5Cevil.example']) {
      expect(page('ja', '/user/login', `?next=${evil}`).replace).toHaveBeenCalledWith('/home');
    }
  });

  it('stays on other pages, and a guest stays everywhere', () => {
    expect(page('ja', '/').replace).not.toHaveBeenCalled();
    expect(page('ja', '/user/login').replace).not.toHaveBeenCalled();
    setRawCookie('refresh_token=r1; Path=/');
    expect(page('ja', '/creator').replace).not.toHaveBeenCalled();
  });

  it('gives a guest’s link to the creators’ login the return target, when it is safe', () => {
    page('en', '/en/user/login', '?next=%2Fchatroom%2Fsakura', creatorLink);
    expect(document.querySelector('a')?.getAttribute('href')).toBe(
      '/en/creator/login?next=%2Fchatroom%2Fsakura',
    );
    page('en', '/en/user/login', '?next=%2F%2Fevil.example', creatorLink);
    expect(document.querySelector('a')?.getAttribute('href')).toBe('/en/creator/login');
  });
});

describe('the LINE button of the pre-rendered login page', () => {
  function loginPage(lang: string, path: string, search = '') {
    page(lang, path, search, lineButton);
    return document.querySelector<HTMLButtonElement>('button[data-line-login]') as HTMLButtonElement;
  }

  it('shows a refusal in the page’s language with the API’s values, and can be pressed again', async () => {
    const fetchMock = stubBoundary();
    fetchMock.mockResolvedValue(
      jsonResponse({ status: 429, body: { code: 'rate_limited', message: 'x', params: { minutes: 7 } } }),
    );
    const button = loginPage('ja', '/user/login');
    button.click();
    expect(button.disabled).toBe(true);
    const alert = await vi.waitFor(() => {
      const el = document.querySelector('[role="alert"]');
      if (!el) throw new Error('no alert yet');
      return el;
    });
    expect(alert.textContent).toBe(
      '短時間に操作が集中したため、一時的に制限しています。7分ほど待ってからもう一度お試しください。',
    );
    expect(alert.nextElementSibling).toBe(button);
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-busy')).toBeNull();
    expect(button.textContent).toBe('LINE');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/auth/line/authorize');
    expect(init?.method).toBe('POST');

    // a second press replaces the message rather than stacking another
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    document.documentElement.lang = 'en';
    button.click();
    await vi.waitFor(() => {
      if (document.querySelector('[role="alert"]')?.textContent?.startsWith('短時間'))
        throw new Error('old alert');
      if (!document.querySelector('[role="alert"]')) throw new Error('no alert yet');
    });
    expect(document.querySelectorAll('[role="alert"]')).toHaveLength(1);
    expect(document.querySelector('[role="alert"]')?.textContent).toMatch(/LINE/);
  });

  it('keeps the page to return to (a safe one only) for LINE’s callback', async () => {
    const fetchMock = stubBoundary();
    for (const [search, next] of [
      ['?next=%2Fen%2Fchatroom%2Fsakura', '/chatroom/sakura'],
      ['?next=https%3A%2F%2Fevil.example', null],
    ] as const) {
      sessionStorage.clear();
      fetchMock.mockResolvedValue(
        // a hash change: jsdom does not load other documents
        jsonResponse({ status: 200, body: { url: `${window.location.origin}/#line`, state: 's1' } }),
      );
      loginPage('en', '/en/user/login', search).click();
      const pending = await vi.waitFor(() => {
        const raw = sessionStorage.getItem('line_login');
        if (!raw) throw new Error('not saved yet');
        return JSON.parse(raw);
      });
      expect(pending).toMatchObject({ state: 's1', lang: 'en', prefix: '/en', next });
    }
  });

  it('starts one login for a double press', async () => {
    const fetchMock = stubBoundary();
    fetchMock.mockResolvedValue(jsonResponse({ status: 500, body: { code: 'internal', message: 'x' } }));
    const button = loginPage('en', '/en/user/login');
    button.click();
    button.click();
    await vi.waitFor(() => {
      if (!document.querySelector('[role="alert"]')) throw new Error('no alert yet');
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
