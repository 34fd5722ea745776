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
