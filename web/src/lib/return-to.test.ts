import { describe, expect, it } from 'vitest';
import {
  keepReturnAfterSetup,
  loginPathWithReturn,
  returnPathIn,
  safeReturnPath,
  takeReturnAfterSetup,
} from './return-to.ts';

describe('safeReturnPath', () => {
  it('keeps a path of this site, without its language prefix, with query and hash', () => {
    expect(safeReturnPath('/chatroom/sakura')).toBe('/chatroom/sakura');
    expect(safeReturnPath('/en/@sakura')).toBe('/@sakura');
    expect(safeReturnPath('/ja/chatroom/sakura?x=1#end')).toBe('/chatroom/sakura?x=1#end');
    expect(safeReturnPath('/ja')).toBe('/');
  });

  it.each([
    'https://evil.example/chatroom/sakura',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '/..//evil.example',
    '/en//evil.example',
    '/./%2e%2e//evil.example',
    'javascript:alert(1)',
    'chatroom/sakura',
    ' /chatroom/sakura',
    '/chat\nroom',
    '/chat\troom',
    '',
    null,
    undefined,
  ])('refuses %j (another site, or not a plain path)', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('refuses the login pages themselves', () => {
    expect(safeReturnPath('/user/login')).toBeNull();
    expect(safeReturnPath('/en/creator/login?next=/home')).toBeNull();
    expect(safeReturnPath('/line-callback?code=1')).toBeNull();
  });
});

describe('returnPathIn and loginPathWithReturn', () => {
  it('reads ?next= and ignores an unsafe one', () => {
    expect(returnPathIn('?next=%2Fchatroom%2Fsakura')).toBe('/chatroom/sakura');
    expect(returnPathIn('?next=https%3A%2F%2Fevil.example')).toBeNull();
    expect(returnPathIn('?next=%2F%2Fevil.example')).toBeNull();
    expect(returnPathIn('')).toBeNull();
  });

  it('adds the return target to a login path, only when it is safe and not home', () => {
    expect(loginPathWithReturn('/user/login', '/ja/chatroom/sakura')).toBe(
      '/user/login?next=%2Fchatroom%2Fsakura',
    );
    expect(loginPathWithReturn('/user/login', '//evil.example')).toBe('/user/login');
    expect(loginPathWithReturn('/creator/login', '/home')).toBe('/creator/login');
    expect(loginPathWithReturn('/creator/login', null)).toBe('/creator/login');
  });
});

describe('the return target kept for the end of the sign-up steps', () => {
  it('is read once, and only a safe one is kept', () => {
    keepReturnAfterSetup('/en/chatroom/sakura');
    expect(takeReturnAfterSetup()).toBe('/chatroom/sakura');
    expect(takeReturnAfterSetup()).toBeNull();
    keepReturnAfterSetup('//evil.example');
    expect(takeReturnAfterSetup()).toBeNull();
    sessionStorage.setItem('return_after_setup', 'https://evil.example');
    expect(takeReturnAfterSetup()).toBeNull();
    keepReturnAfterSetup('/chatroom/sakura');
    keepReturnAfterSetup(null);
    expect(takeReturnAfterSetup()).toBeNull();
  });
});
