/** Concurrent guesses of a mailed code, counted from the answers and from the stored attempts. */

import { businessConfig } from '@app/shared/config';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { type ApiResponse, api, db, tableName } from './cloud.ts';

export const MAX_ATTEMPTS = businessConfig.auth.verificationMaxAttempts;

/** A wrong 6-digit code, different from the right one. */
export const wrongCode = (right: string, i = 0) => {
  let n = (Number(right) + 1 + i) % 1_000_000;
  if (String(n).padStart(6, '0') === right) n = (n + 1) % 1_000_000;
  return String(n).padStart(6, '0');
};

/** The attempts counter of a stored code (undefined once the code is gone). */
export async function storedAttempts(purpose: string, key: string): Promise<number | undefined> {
  const out = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: { pk: `verification#${purpose}#${key}`, sk: 'verification' },
      ConsistentRead: true,
    }),
  );
  return out.Item?.attempts as number | undefined;
}

/**
 * Sends `count` distinct wrong guesses at once. Every answer is a 4xx about the code; at most
 * MAX_ATTEMPTS of them were compared (the others answer `code_attempts` without a comparison),
 * and the stored counter says the same.
 */
export async function guessStorm(
  path: string,
  body: (code: string) => Record<string, unknown>,
  rightCode: string,
  stored: { purpose: string; key: string },
  opts: { count?: number; token?: string } = {},
): Promise<ApiResponse[]> {
  const count = opts.count ?? 120;
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      api(path, { body: body(wrongCode(rightCode, i)), ...(opts.token ? { token: opts.token } : {}) }),
    ),
  );
  const codes = answers.map((a) => (a.body as { code?: string }).code);
  expect(new Set(codes)).toEqual(new Set(['code_invalid', 'code_attempts']));
  const compared = codes.filter((c) => c !== 'code_attempts').length;
  expect(compared).toBeLessThanOrEqual(MAX_ATTEMPTS);
  expect(await storedAttempts(stored.purpose, stored.key)).toBe(MAX_ATTEMPTS);
  // The right code, sent after them, is refused: the budget is spent.
  const right = await api(path, { body: body(rightCode), ...(opts.token ? { token: opts.token } : {}) });
  expect(right.status).toBe(429);
  expect(right.body).toMatchObject({ code: 'code_attempts' });
  return answers;
}
