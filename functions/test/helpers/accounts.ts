/** Test actors built through the public API, the way a user would. */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { lineChoose, lineSignIn, registerByMail, type Who } from '../../../scripts/local/actors.ts';
import { db, tableName } from './cloud.ts';

let counter = 0;

export function uniqueEmail(prefix = 'creator'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

export { codeIn } from '../../../scripts/local/actors.ts';

export const PASSWORD = 'Kinoko#2026';

export interface Session {
  access_token: string;
  refresh_token: string;
  profile_id: string;
  role_id: number;
  email?: string;
}

/** Registers an e-mail account (creator by default) through the code mail. */
export async function registerAccount(
  opts: { email?: string; roleId?: 1 | 2; campaignCode?: string } = {},
): Promise<Session> {
  const email = opts.email ?? uniqueEmail();
  const tokens = await registerByMail(inject('url'), {
    email,
    password: PASSWORD,
    roleId: opts.roleId ?? 2,
    ...(opts.campaignCode ? { campaignCode: opts.campaignCode } : {}),
  });
  return { ...tokens, email };
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

/** The site's own LINE callback (the only redirect URI the API signs). */
export const REDIRECT_URI = `${inject('url')}/line-callback`;

/** The LINE stand-in's authorize page: a new test user (or a known one) chooses to log in. */
export const lineAuthorizeAs = lineChoose;

/** A fan signs in through the LINE stand-in as a new LINE user (or `userId`), as the web client does. */
export async function signInFan(
  who: Who = { displayName: 'テストファン' },
  recoveryToken?: string,
): Promise<Session & { is_new?: boolean; recovered?: boolean; lineUserId: string }> {
  return lineSignIn(inject('url'), who, {
    redirectUri: REDIRECT_URI,
    ...(recoveryToken ? { recoveryToken } : {}),
  });
}
