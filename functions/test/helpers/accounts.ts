/** Test actors built through the public API, the way a user would. */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { api, db, latestMail, tableName } from './cloud.ts';

let counter = 0;

export function uniqueEmail(prefix = 'creator'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

export function codeIn(text: string | null | undefined): string {
  const code = /(?:^|\n)(\d{6})(?:\n|$)/.exec(text ?? '')?.[1];
  if (!code) throw new Error(`no code in mail: ${text}`);
  return code;
}

export const PASSWORD = 'Kinoko#2026';

export interface Session {
  access_token: string;
  refresh_token: string;
  profile_id: string;
  role_id: number;
  email?: string;
}

/** Registers an e-mail account (creator by default) through the code mail. */
export async function registerAccount(opts: { email?: string; roleId?: 1 | 2 } = {}): Promise<Session> {
  const email = opts.email ?? uniqueEmail();
  const start = await api('/auth/register', { body: { email, role_id: opts.roleId ?? 2 } });
  expect(start.status).toBe(200);
  const code = codeIn((await latestMail(email))?.text);
  const done = await api('/auth/register/verify', {
    body: { email, code, password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(done.status).toBe(200);
  return { ...done.body, email };
}

let usernameCounter = 0;
export function uniqueUsername(prefix = 'user'): string {
  usernameCounter += 1;
  return `${prefix}${Date.now().toString(36)}${usernameCounter}`.slice(0, 20);
}

export const validProfile = (username = uniqueUsername()) => ({
  username,
  nickname: 'きのこ太郎',
  genre: 'music',
  bio: 'hello',
  area: 13,
});

export const validUser = {
  full_name: '山田 太郎',
  notification_email: 'notify@example.com',
  gender: 'male',
  birth_date: '1995-04-01',
};

export const validBank = {
  bank_code: '0001',
  branch_code: '001',
  account_type: 'ordinary',
  account_number: '1234567',
  account_owner: 'ヤマダ　タロウ',
};

export async function setProfileField(profileId: string, field: string, value: unknown) {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: `profile#${profileId}`, sk: 'profile' },
      UpdateExpression: 'SET #f = :v',
      ExpressionAttributeNames: { '#f': field },
      ExpressionAttributeValues: { ':v': value },
    }),
  );
}

export const REDIRECT_URI = 'http://localhost:5173/line-callback';

/** The LINE stand-in's answer to the authorize page: a new test user (or a known one) chooses to log in. */
export async function lineAuthorizeAs(
  authorizeUrl: string,
  who: { displayName: string } | { userId: string },
): Promise<URL> {
  const url = new URL(authorizeUrl);
  const res =
    'userId' in who
      ? await fetch(
          `${url.origin}${url.pathname}/select?${new URLSearchParams({ ...Object.fromEntries(url.searchParams), user: who.userId })}`,
          {
            redirect: 'manual',
          },
        )
      : await fetch(`${url.origin}${url.pathname}/new`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            ...Object.fromEntries(url.searchParams),
            displayName: who.displayName,
          }),
        });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') as string);
}

/** A fan signs in through the LINE stand-in as a new LINE user (or `userId`), as the web client does. */
export async function signInFan(
  who: { displayName: string } | { userId: string } = { displayName: 'テストファン' },
  recoveryToken?: string,
): Promise<Session & { is_new?: boolean; recovered?: boolean; lineUserId: string }> {
  const start = await api('/auth/line/authorize', {
    body: { redirect_uri: REDIRECT_URI, ...(recoveryToken ? { recovery_token: recoveryToken } : {}) },
  });
  expect(start.status).toBe(200);
  const back = await lineAuthorizeAs(start.body.url, who);
  expect(back.searchParams.get('state')).toBe(start.body.state);
  const done = await api('/auth/line/callback', {
    body: {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
      redirect_uri: REDIRECT_URI,
    },
  });
  expect(done.status).toBe(200);
  const users = (await (await fetch(`${new URL(start.body.url).origin}/_local/line/users`)).json()) as {
    userId: string;
    displayName: string;
  }[];
  const lineUserId =
    'userId' in who
      ? who.userId
      : (users.filter((u) => u.displayName === who.displayName).at(-1)?.userId as string);
  return { ...done.body, lineUserId };
}
