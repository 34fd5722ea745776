/**
 * Operators (issue 17) for the console's tests: an admin created as `npm run admin:create` does,
 * enrolled and signed in through the public routes (password, then the authenticator's code).
 */

import type { ProfileItem } from '../../src/lib/auth.ts';
import { auditItem } from '../../src/services/admin/audit.ts';
import { createAdmin } from '../../src/services/admin/auth.ts';
import { totpCode } from '../../src/services/admin/totp.ts';
import { PASSWORD, type Session, uniqueEmail } from './accounts.ts';
import { api, manualClock, testDb } from './cloud.ts';

export interface AdminSession extends Session {
  email: string;
  /** The authenticator's secret (base32), to compute further codes. */
  secret: string;
  recovery_codes: string[];
  /** When the session ends (8 hours after the login, however often it is refreshed). */
  refresh_token_expires_at: string;
}

/** The authenticator's code for `at` (default now); `steps` moves it by whole 30-s steps. */
export const codeFor = (secret: string, steps = 0, at = new Date()) =>
  totpCode(secret, new Date(at.getTime() + steps * 30_000));

/** A new operator account, not enrolled yet. */
export async function newAdmin(nickname = 'テスト運営'): Promise<{ email: string; profile_id: string }> {
  const email = uniqueEmail('admin');
  const { profileId } = await createAdmin(
    { db: testDb(), clock: manualClock() },
    { email, nickname, password: PASSWORD, by: 'test' },
  );
  return { email, profile_id: profileId };
}

/** A new operator, enrolled (its first code) and signed in. */
export async function signInAdmin(nickname?: string): Promise<AdminSession> {
  const { email } = await newAdmin(nickname);
  const first = await api('/admin/auth/login', { body: { email, password: PASSWORD } });
  if (first.status !== 200 || !first.body.enrolment)
    throw new Error(`admin login: ${first.status} ${JSON.stringify(first.body)}`);
  const { enrolment_token, secret } = first.body.enrolment as { enrolment_token: string; secret: string };
  const enrolled = await api('/admin/auth/enrol', { body: { enrolment_token, code: codeFor(secret) } });
  if (enrolled.status !== 200)
    throw new Error(`admin enrol: ${enrolled.status} ${JSON.stringify(enrolled.body)}`);
  return { ...(enrolled.body as Omit<AdminSession, 'email' | 'secret'>), email, secret };
}

/**
 * Takes the id an action's audit entry will have (its instant and key) with another entry, so that
 * the action's own entry cannot be written: a failure of the entry's write, to check that the
 * action then changes nothing.
 */
export async function takeAuditId(at: Date, key: string): Promise<void> {
  await testDb()
    .entities.audit.create(
      auditItem(at, {
        actor: { profileId: 'system:test', nickname: 'blocker', email: '' },
        action: 'points.grant',
        targetType: 'movement',
        targetId: `blocker-${key}`,
        key,
      }),
    )
    .go();
}

/** The operator's stored profile, as the console's services take it. */
export async function operatorOf(a: { profile_id: string }): Promise<ProfileItem> {
  const { data } = await testDb().entities.profile.get({ profileId: a.profile_id }).go();
  if (!data) throw new Error(`no operator ${a.profile_id}`);
  return data;
}
