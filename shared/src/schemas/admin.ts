/**
 * The operators' console (issue 17): the admin's sign-in and the audit log. Each section of the
 * console keeps its contracts in its own file (`schemas/admin-<section>.ts`).
 *
 * Routes (role 3 only, except the two sign-in steps, which take no token):
 * - `POST /admin/auth/login` `adminLoginRequest` → `adminLoginResponse` (tokens, or an enrolment)
 * - `POST /admin/auth/enrol` `adminEnrolRequest` → `adminEnrolResponse` (tokens + recovery codes)
 * - `GET /admin/audit` `auditQuery` → `auditPage`
 * - `GET /admin/me` → `adminMeResponse` (the signed-in operator)
 */
import * as z from 'zod/mini';
import { businessConfig } from '../config.ts';
import { emailSchema, PROFILE_ID_RE, V } from '../validation.ts';
import { tokenResponse } from './auth.ts';

const A = businessConfig.admin;

/** A 6-digit authenticator code, or a recovery code (10 letters and digits, a hyphen allowed). */
export const totpCodeSchema = z.string({ error: V.required }).check(
  z.overwrite((s) => s.normalize('NFKC').replace(/[\s-]/g, '').toUpperCase()),
  z.minLength(1, V.required),
  z.regex(/^(?:\d{6}|[0-9A-Z]{10})$/, V.totpCode),
);

export const adminLoginRequest = z.object({
  email: emailSchema,
  password: z.string({ error: V.required }).check(z.minLength(1, V.required), z.maxLength(200, V.required)),
  /** The authenticator's code or a recovery code; absent on the first step (answered `totp_required`). */
  code: z.optional(totpCodeSchema),
});
export type AdminLoginRequest = z.input<typeof adminLoginRequest>;

/** An admin who has not enrolled an authenticator yet gets the secret to enrol (once per login). */
export const adminEnrolment = z.object({
  /** Names this enrolment for `POST /admin/auth/enrol` (lives `admin.enrolmentMinutes`). */
  enrolment_token: z.string(),
  /** Base32 secret, for typing it into the app by hand. */
  secret: z.string(),
  /** `otpauth://totp/…`: the QR code the console shows. */
  otpauth_url: z.string(),
});

export const adminLoginResponse = z.union([
  z.object({ enrolment: adminEnrolment }),
  z.extend(tokenResponse, { enrolment: z.optional(z.undefined()) }),
]);
export type AdminLoginResponse = z.infer<typeof adminLoginResponse>;

export const adminEnrolRequest = z.object({
  enrolment_token: z.string({ error: V.required }).check(z.minLength(1, V.required), z.maxLength(2000)),
  code: z.string({ error: V.required }).check(z.trim(), z.regex(/^\d{6}$/, V.totpCode)),
});
/** Signed in, with the recovery codes: shown once, never again. */
export const adminEnrolResponse = z.extend(tokenResponse, { recovery_codes: z.array(z.string()) });
export type AdminEnrolResponse = z.infer<typeof adminEnrolResponse>;

/** The signed-in operator, for the console's header. */
export const adminMeResponse = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type AdminMeResponse = z.infer<typeof adminMeResponse>;

// ---------------------------------------------------------------------------------------------
// The audit log: append-only, one entry per operator action.

/** What an operator did, by section (each section adds its own actions here). */
export const auditActions = [
  'admin.enrol',
  'admin.recovery_code_used',
  'organization.approve',
  'organization.reject',
  'report.assign',
  'report.status',
  'report.dismiss',
  'message.delete_terms',
  'account.warn',
  'account.suspend',
  'account.resume',
  'image.delete',
  'item.thumbnail_delete',
  'item.sample_delete',
  'item.review_on',
  'item.review_off',
  'withdrawal.review',
  'withdrawal.approve',
  'withdrawal.partial',
  'withdrawal.reject',
  'withdrawal.transfer_file',
  'withdrawal.transferred',
  'withdrawal.transfer_failed',
  'news.create',
  'news.update',
  'news.withdraw',
  'banner.update',
  'points.grant',
  'points.refund',
  'stamp.create',
  'stamp.update',
  'campaign.create',
  'campaign.update',
  // Console: stamps and campaigns (helper catalog): retiring and restoring a stamp, ending a
  // campaign now, and the one-time copy of the configuration's catalogue into the table.
  'stamp.retire',
  'stamp.restore',
  'campaign.end',
  'catalog.seed',
  // Console: access (helper accessfix): the operations script (`npm run admin:create`) creates an
  // operator, or resets its password or its authenticator; the actor is `AUDIT_SYSTEM_CLI`.
  'admin.create',
  'admin.reset_password',
  'admin.reset_totp',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** The actor id of the operations script's entries (its name: the shell's user who ran it). */
export const AUDIT_SYSTEM_CLI = 'system:cli';

/** What an entry is about. */
export const auditTargetTypes = [
  'admin',
  'organization',
  'report',
  'message',
  'account',
  'item',
  'withdrawal',
  'transfer_batch',
  'news',
  'banner',
  'movement',
  'stamp',
  'campaign',
  // Console: stamps and campaigns (helper catalog)
  'catalog',
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

export const auditEntryView = z.object({
  id: z.string(),
  at: z.string(),
  actor_id: z.string(),
  actor_name: z.string(),
  action: z.enum(auditActions),
  target_type: z.enum(auditTargetTypes),
  target_id: z.string(),
  /** The record's fields the action changed, before and after (null: created or deleted). */
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
});
export type AuditEntryView = z.infer<typeof auditEntryView>;

/** Filters: a JST date range (default the last 7 days), and at most one of actor, target or action. */
export const auditQuery = z.object({
  from: z.optional(z.iso.date({ error: V.date })),
  to: z.optional(z.iso.date({ error: V.date })),
  /** An operator's profile id, or the operations script's `AUDIT_SYSTEM_CLI`. */
  actor_id: z.optional(
    z.string().check(z.refine((id) => id === AUDIT_SYSTEM_CLI || PROFILE_ID_RE.test(id), V.required)),
  ),
  target_id: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  action: z.optional(z.enum(auditActions, { error: V.required })),
  cursor: z.optional(z.string().check(z.maxLength(2048))),
});

/** A console list's page cursor (sealed by lib/http.ts for paged routes). */
export const adminCursor = z.optional(z.string().check(z.maxLength(2048)));
export type AuditQuery = z.input<typeof auditQuery>;
export const auditPage = z.object({
  entries: z.array(auditEntryView),
  next_cursor: z.nullable(z.string()),
});
export type AuditPage = z.infer<typeof auditPage>;

/** How many rows a console list shows per page. */
export const ADMIN_PAGE_SIZE = A.pageSize;
