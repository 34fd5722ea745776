/**
 * A person using the product through its public API, for the seed, the benchmarks and the tests:
 * e-mail registration with the code read from the local outbox, and LINE Login through the stand-in.
 */
import type { TokenResponse } from '@app/shared/schemas/auth';

export type Who = { displayName: string } | { userId: string };

export async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok)
    throw new Error(`POST ${new URL(url).pathname} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** The 6-digit code on a line of its own in a code mail. */
export function codeIn(text: string | null | undefined): string {
  const code = /(?:^|\n)(\d{6})(?:\n|$)/.exec(text ?? '')?.[1];
  if (!code) throw new Error('no code in the mail');
  return code;
}

export async function latestCode(origin: string, email: string): Promise<string> {
  const res = await fetch(`${origin}/_local/outbox.json?to=${encodeURIComponent(email)}`);
  const mails = (await res.json()) as { text: string | null }[];
  return codeIn(mails[0]?.text);
}

/** `origin` is the local cloud's URL (the API is at origin + /api). */
export async function registerByMail(
  origin: string,
  opts: { email: string; password: string; roleId?: 1 | 2; campaignCode?: string },
): Promise<TokenResponse> {
  await post(`${origin}/api/auth/register`, { email: opts.email, role_id: opts.roleId ?? 2 });
  const code = await latestCode(origin, opts.email);
  return (await post(`${origin}/api/auth/register/verify`, {
    email: opts.email,
    code,
    password: opts.password,
    password_confirmation: opts.password,
    agree_creator_terms: true,
    ...(opts.campaignCode ? { campaign_code: opts.campaignCode } : {}),
  })) as unknown as TokenResponse;
}

/** What the LINE stand-in's authorize page does when a test user is chosen: the redirect back. */
export async function lineChoose(authorizeUrl: string, who: Who): Promise<URL> {
  const url = new URL(authorizeUrl);
  const params = Object.fromEntries(url.searchParams);
  const res =
    'userId' in who
      ? await fetch(
          `${url.origin}${url.pathname}/select?${new URLSearchParams({ ...params, user: who.userId })}`,
          {
            redirect: 'manual',
          },
        )
      : await fetch(`${url.origin}${url.pathname}/new`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ ...params, displayName: who.displayName }),
        });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`the LINE stand-in answered ${res.status}`);
  return new URL(location);
}

export async function lineSignIn(
  origin: string,
  who: Who,
  opts: { redirectUri?: string; recoveryToken?: string; invitedBy?: string } = {},
): Promise<TokenResponse & { lineUserId: string }> {
  const redirectUri = opts.redirectUri ?? `${origin}/line-callback`;
  const start = (await post(`${origin}/api/auth/line/authorize`, {
    redirect_uri: redirectUri,
    ...(opts.recoveryToken ? { recovery_token: opts.recoveryToken } : {}),
    ...(opts.invitedBy ? { invited_by: opts.invitedBy } : {}),
  })) as { url: string; state: string };
  const back = await lineChoose(start.url, who);
  if (back.searchParams.get('state') !== start.state) throw new Error('state changed on the way');
  const tokens = (await post(`${origin}/api/auth/line/callback`, {
    code: back.searchParams.get('code'),
    state: start.state,
    redirect_uri: redirectUri,
  })) as unknown as TokenResponse;
  let lineUserId = 'userId' in who ? who.userId : '';
  if (!lineUserId) {
    const users = (await (await fetch(`${new URL(start.url).origin}/_local/line/users`)).json()) as {
      userId: string;
      displayName: string;
    }[];
    lineUserId =
      users.filter((u) => 'displayName' in who && u.displayName === who.displayName).at(-1)?.userId ?? '';
  }
  return { ...tokens, lineUserId };
}

export async function authed(origin: string, token: string, path: string, body: unknown) {
  return post(`${origin}/api${path}`, body, { authorization: `Bearer ${token}` });
}
