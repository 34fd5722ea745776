import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, setRawCookie } from '../test/boundary.ts';
import { setRuntimeConfig } from './config.ts';
import { getCookie } from './cookies.ts';
import {
  defaultLanguage,
  detectLanguage,
  languageOfPath,
  splitPrefix,
  storedLanguage,
  storeLanguage,
  switchLanguagePath,
  withPrefix,
} from './lang.ts';

describe('language detection', () => {
  afterEach(() => {
    localStorage.clear();
    clearCookies();
    vi.restoreAllMocks();
  });

  it('prefers the stored choice, else ja* browsers get ja and the rest en', () => {
    expect(detectLanguage('en', 'ja-JP')).toBe('en');
    expect(detectLanguage('ja', 'en-US')).toBe('ja');
    expect(detectLanguage(null, 'ja-JP')).toBe('ja');
    expect(detectLanguage(null, 'JA')).toBe('ja');
    expect(detectLanguage(null, 'fr-FR')).toBe('en');
    expect(detectLanguage(null, undefined)).toBe('en');
    expect(detectLanguage('de', 'ja')).toBe('ja'); // only en or ja are accepted as stored values
  });

  it('stores the choice in localStorage and a 365-day locale cookie', () => {
    setRuntimeConfig({ apiBase: '/api', wsUrl: '', stage: 'local' });
    const writes: string[] = [];
    const desc = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    vi.spyOn(document, 'cookie', 'set').mockImplementation((v: string) => {
      writes.push(v);
      desc?.set?.call(document, v);
    });
    storeLanguage('en');
    expect(localStorage.getItem('locale')).toBe('en');
    expect(writes[0]).toMatch(/^locale=en; Path=\/; Expires=.*; Max-Age=31536000; SameSite=Lax$/);
    expect(storedLanguage()).toBe('en');
  });

  it('falls back to the cookie and ignores other values', () => {
    setRawCookie('locale=ja; Path=/');
    expect(storedLanguage()).toBe('ja');
    localStorage.setItem('locale', 'xx');
    expect(storedLanguage()).toBe('ja');
    setRawCookie('locale=fr; Path=/');
    expect(storedLanguage()).toBeNull();
    expect(getCookie('locale')).toBe('fr');
  });

  it('uses the stored choice, then the browser, for unprefixed paths', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('ja-JP');
    expect(defaultLanguage()).toBe('ja');
    localStorage.setItem('locale', 'en');
    expect(defaultLanguage()).toBe('en');
    expect(languageOfPath('/home')).toBe('en');
    expect(languageOfPath('/ja/home')).toBe('ja');
  });
});

describe('language prefixes', () => {
  it('splits the prefix off a path', () => {
    expect(splitPrefix('/en/creator/login')).toEqual({ prefix: '/en', lang: 'en', path: '/creator/login' });
    expect(splitPrefix('/ja')).toEqual({ prefix: '/ja', lang: 'ja', path: '/' });
    expect(splitPrefix('/english')).toEqual({ prefix: '', lang: null, path: '/english' });
    expect(splitPrefix('/')).toEqual({ prefix: '', lang: null, path: '/' });
  });

  it('puts screen paths under a prefix', () => {
    expect(withPrefix('', '/home')).toBe('/home');
    expect(withPrefix('/en', '/home')).toBe('/en/home');
    expect(withPrefix('/ja', '/')).toBe('/ja');
  });

  it('switches to the same path in the other language', () => {
    expect(switchLanguagePath('/user/login', '', 'en')).toBe('/en/user/login');
    expect(switchLanguagePath('/en/mypage/account/user', '?x=1', 'ja')).toBe('/ja/mypage/account/user?x=1');
    expect(switchLanguagePath('/ja', '', 'en')).toBe('/en');
  });
});
