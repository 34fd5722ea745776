/** Walks the route manifest: every route refuses callers its `access` does not name. */

import { ROLE } from '@app/shared/roles';
import { beforeAll, describe, expect, test } from 'vitest';
import { httpRoutes } from '../src/manifest.ts';
import { registerAccount, type Session, signInFan } from './helpers/accounts.ts';
import { signInAdmin } from './helpers/admin.ts';
import { api } from './helpers/cloud.ts';
import { putFanclubRecord, putMembership, putPostRecord } from './helpers/fanclub-read.ts';
import { putItem } from './helpers/shop.ts';
import { publicCreator } from './helpers/social.ts';

const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '0001');

let creator: Session;
let owner: Session;
let fan: Session;
let admin: Session;

beforeAll(async () => {
  [creator, owner, fan, admin] = await Promise.all([
    registerAccount({ roleId: 2 }),
    registerAccount({ roleId: 1 }),
    signInFan({ displayName: 'authz' }),
    signInAdmin('authz'),
  ]);
});

/** A path of the route: each `{name}` a well-formed value, the caller's own id where the manifest asks for it. */
const pathFor = (route: (typeof httpRoutes)[number], profileId?: string) =>
  route.path.replace(/\{(\w+)\}/g, (whole, name: string) =>
    route.params?.[name]?.own && profileId ? profileId : concrete(whole),
  );

const call = (route: (typeof httpRoutes)[number], token?: string, profileId?: string) =>
  api(pathFor(route, profileId), {
    method: route.method,
    ...(route.method === 'GET' ? {} : { body: {} }),
    ...(token ? { token } : {}),
  });

describe.each(httpRoutes.filter((r) => r.access !== 'guest' && r.access !== 'optional'))(
  '$method $path',
  (route) => {
    test('needs a token', async () => {
      const res = await call(route);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('no_token');
    });

    test('refuses a garbage token', async () => {
      const res = await call(route, 'garbage');
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('invalid_token');
    });

    test('lets in exactly the roles it names', async () => {
      // Leaving deletes the caller, so that route gets callers of its own.
      const own = route.path === '/auth/leave';
      const actors = [
        [own ? await registerAccount({ roleId: 2 }) : creator, 2],
        [own ? await registerAccount({ roleId: 1 }) : owner, 1],
        [own ? await signInFan({ displayName: 'authz-leave' }) : fan, 4],
        [own ? await signInAdmin('authz-leave') : admin, 3],
      ] as const;
      for (const [actor, roleId] of actors) {
        const res = await call(route, actor.access_token, actor.profile_id);
        // `signedIn` is every member but operators (manifest MEMBERS).
        const allowed =
          (route.access === 'signedIn' && roleId !== ROLE.ADMIN) ||
          (Array.isArray(route.access) && route.access.includes(roleId));
        if (allowed)
          expect([401, 403], `${route.path} for role ${roleId}: ${JSON.stringify(res.body)}`).not.toContain(
            res.status,
          );
        else expect(res.body.code, `${route.path} for role ${roleId}`).toBe(route.refusal ?? 'forbidden');
      }
    });
  },
);

test('guest routes answer without a token', async () => {
  for (const route of httpRoutes.filter((r) => r.access === 'guest')) {
    const res = await call(route);
    expect(res.body.code, route.path).not.toBe('no_token');
    expect(res.status, route.path).not.toBe(403);
  }
});

test('a parameter that must be the caller’s own profile id refuses anyone else’s', async () => {
  const own = httpRoutes.filter((r) => Object.values(r.params ?? {}).some((p) => p.own));
  expect(own.length).toBeGreaterThan(0);
  for (const route of own) {
    const res = await call(route, fan.access_token, creator.profile_id);
    expect(res.status, route.path).toBe(403);
    expect(res.body.code, route.path).toBe('forbidden');
  }
});

test('every console route is for operators only, but its two sign-in steps', () => {
  const signIn = ['POST /admin/auth/login', 'POST /admin/auth/enrol'];
  const consoleRoutes = httpRoutes.filter((r) => r.path.startsWith('/admin/') || r.path === '/admin');
  expect(consoleRoutes.map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining(signIn));
  for (const route of consoleRoutes) {
    const name = `${route.method} ${route.path}`;
    if (signIn.includes(name)) expect(route.access, name).toBe('guest');
    else expect(route.access, name).toEqual([ROLE.ADMIN]);
    expect(['admin', 'admincontent'], name).toContain(route.area);
  }
  // And no route outside the console names operators, but those listed (with their reason).
  for (const route of httpRoutes.filter((r) => !consoleRoutes.includes(r)))
    if (Array.isArray(route.access) && !(`${route.method} ${route.path}` in OPERATORS_OUTSIDE_CONSOLE))
      expect(route.access, route.path).not.toContain(ROLE.ADMIN);
});

/**
 * The routes outside `/admin/…` that an operator's token opens, each with its reason. Refreshing
 * and logging out are guest routes (`/auth/update_token`, `/auth/logout`: the refresh token is the
 * credential), so they need no entry; the console's frame calls them (checked below).
 */
const OPERATORS_OUTSIDE_CONSOLE: Record<string, string> = {
  'GET /home': 'news is addressed to operators too (spec: admin is a news audience); a read',
  'GET /home/news/{id}': 'the same news, one item; a read',
};

describe('operators outside the console', () => {
  const outside = httpRoutes.filter(
    (r) => !r.path.startsWith('/admin/') && r.access !== 'guest' && r.access !== 'optional',
  );

  test('the listed routes exist and admit operators', () => {
    for (const name of Object.keys(OPERATORS_OUTSIDE_CONSOLE)) {
      const route = outside.find((r) => `${r.method} ${r.path}` === name);
      expect(route, name).toBeDefined();
      expect(route?.access, name).toContain(ROLE.ADMIN);
    }
  });

  test('an operator is refused on every other signed-in route (leaving included)', async () => {
    const refused = outside.filter((r) => !(`${r.method} ${r.path}` in OPERATORS_OUTSIDE_CONSOLE));
    // Every route for "any signed-in caller" is among them: /auth/leave, notices, points, push…
    expect(refused.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/auth/leave', '/notice', '/mypage/points', '/push/subscribe', '/mypage']),
    );
    for (const route of refused) {
      const res = await call(route, admin.access_token, admin.profile_id);
      expect(res.status, `${route.method} ${route.path}`).toBe(403);
      expect(res.body.code, `${route.method} ${route.path}`).toBe(route.refusal ?? 'forbidden');
    }
    // The operator is still there and signed in: leaving deleted nothing.
    expect((await api('/admin/me', { token: admin.access_token })).status).toBe(200);
  });

  test('an operator reads the listed routes', async () => {
    for (const name of Object.keys(OPERATORS_OUTSIDE_CONSOLE)) {
      const route = outside.find((r) => `${r.method} ${r.path}` === name) as (typeof outside)[number];
      const res = await call(route, admin.access_token, admin.profile_id);
      expect([401, 403], `${name}: ${JSON.stringify(res.body)}`).not.toContain(res.status);
    }
  });

  test('on every optional route an operator’s token gets exactly the guest’s answer, a member’s the viewer’s', async () => {
    // A public creator with an item, a fan club and a members-only post (text only: no presigned
    // URLs, which differ from call to call); the fan is a member of it.
    const creator = await publicCreator();
    const id = creator.profileId;
    const [item, post] = await Promise.all([
      putItem(id),
      putPostRecord(id, { visibility: 'members', text: 'メンバー限定' }),
      putFanclubRecord(id),
      putMembership(fan.profile_id, id, new Date()),
    ]);
    /** Each optional route on that data; `viewer`: its answer has a part for a signed-in viewer. */
    const cases: Record<string, { path: string; viewer: boolean }> = {
      'GET /profile/{id}': { path: `/profile/${id}`, viewer: true },
      'GET /shop/item/{id}': { path: `/shop/item/${item.itemId}`, viewer: true },
      'GET /profile/{id}/items/{x}': { path: `/profile/${id}/items/all`, viewer: false },
      'GET /shop/recent-purchase-logs/{id}': { path: `/shop/recent-purchase-logs/${id}`, viewer: false },
      'GET /fanclub/posts/{id}': { path: `/fanclub/posts/${id}`, viewer: true },
      'GET /fanclub/post/{id}': { path: `/fanclub/post/${post.postId}`, viewer: true },
      'GET /fanclub/card/{id}': { path: `/fanclub/card/${id}`, viewer: true },
    };
    const optional = httpRoutes.filter((r) => r.access === 'optional').map((r) => `${r.method} ${r.path}`);
    expect(Object.keys(cases).sort()).toEqual(optional.sort());
    for (const [name, { path, viewer }] of Object.entries(cases)) {
      const [guest, operator, member] = await Promise.all([
        api(path),
        api(path, { token: admin.access_token }),
        api(path, { token: fan.access_token }),
      ]);
      expect(guest.status, `${name}: ${JSON.stringify(guest.body)}`).toBe(200);
      expect(operator.status, name).toBe(200);
      expect(operator.body, name).toEqual(guest.body);
      expect(member.status, name).toBe(200);
      if (viewer) expect(member.body, name).not.toEqual(guest.body);
    }
  });

  test('an operator refreshes its session and logs out (the console frame’s calls)', async () => {
    const session = await signInAdmin('authz-session');
    const refreshed = await api('/auth/update_token', { body: { refresh_token: session.refresh_token } });
    expect(refreshed.status).toBe(200);
    expect((await api('/admin/me', { token: refreshed.body.access_token })).status).toBe(200);
    const out = await api('/auth/logout', {
      body: { refresh_token: refreshed.body.refresh_token },
      token: refreshed.body.access_token,
    });
    expect(out.status).toBe(200);
    expect((await api('/admin/me', { token: refreshed.body.access_token })).status).toBe(401);
  });
});
