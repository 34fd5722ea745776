/** Sessions through the public API, and the services that end them, for the token and socket tests. */
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { inject } from 'vitest';
import type { EndSessionDeps } from '../../src/services/sessions.ts';
import { codeIn, PASSWORD } from './accounts.ts';
import { api, latestMail, manualClock, testDb } from './cloud.ts';

/** The local @connections API, as handlers reach it. */
export function sockets(): ApiGatewayManagementApiClient {
  return new ApiGatewayManagementApiClient({
    endpoint: inject('localEnv').WS_CALLBACK_URL,
    region: 'ap-northeast-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** What the services that end sessions need (suspension has no route yet: tests call it directly). */
export const endSessionDeps = (): EndSessionDeps => ({
  db: testDb(),
  clock: manualClock(),
  sockets: sockets(),
});

/** Another sign-in of the same e-mail account (another device). */
export async function loginAgain(email: string) {
  const res = await api('/auth/login', { body: { email, password: PASSWORD } });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { access_token: string; refresh_token: string; profile_id: string };
}

/** A password reset through the mailed code; returns the new password. */
export async function resetPassword(email: string): Promise<string> {
  const asked = await api('/auth/forgot-password', { body: { email } });
  if (asked.status !== 200) throw new Error(`forgot-password: ${asked.status}`);
  const code = codeIn((await latestMail(email))?.text);
  const password = 'N3w-password';
  const done = await api('/auth/forgot-password/verify', {
    body: { email, code, password, password_confirmation: password },
  });
  if (done.status !== 200) throw new Error(`reset: ${done.status} ${JSON.stringify(done.body)}`);
  return password;
}
