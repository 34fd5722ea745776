/** The operators' sign-in (issue 17): password, then an RFC 6238 code used once; short sessions. */
import { describe, expect, test } from 'vitest';
import { PASSWORD } from './helpers/accounts.ts';
import { codeFor, newAdmin, signInAdmin } from './helpers/admin.ts';
import { api } from './helpers/cloud.ts';

describe('admin sign-in', () => {
  test('enrols at the first login, then asks for the code, and refuses a replayed one', async () => {
    const admin = await signInAdmin();
    expect(admin.role_id).toBe(3);
    expect(admin.recovery_codes).toHaveLength(10);
    const audit = await api('/admin/audit', { token: admin.access_token });
    expect(audit.status).toBe(200);
    expect(audit.body.entries.map((e: { action: string }) => e.action)).toContain('admin.enrol');

    const noCode = await api('/admin/auth/login', { body: { email: admin.email, password: PASSWORD } });
    expect(noCode.status).toBe(401);
    expect(noCode.body.code).toBe('totp_required');
    // The enrolment used this step's code: the same code again is a replay.
    const replay = await api('/admin/auth/login', {
      body: { email: admin.email, password: PASSWORD, code: codeFor(admin.secret) },
    });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('totp_replayed');
    const next = await api('/admin/auth/login', {
      body: { email: admin.email, password: PASSWORD, code: codeFor(admin.secret, 1) },
    });
    expect(next.status).toBe(200);
    expect(next.body.role_id).toBe(3);
  });

  test('the regular login refuses an admin', async () => {
    const { email } = await newAdmin();
    const res = await api('/auth/login', { body: { email, password: PASSWORD } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('invalid_credentials');
  });
});
