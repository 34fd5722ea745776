/**
 * The console's reports and users (issue 17). Routes (role 3 only):
 * - `GET /admin/reports` `reportListQuery` → `reportListResponse` (paged)
 * - `GET /admin/reports/{id}` → `reportDetailResponse`
 * - `POST /admin/reports/assign` `reportAssignRequest` → `reportResponse`
 * - `POST /admin/reports/status` `reportStatusRequest` → `reportResponse`
 * - `POST /admin/reports/action` `reportActionRequest` → `reportResponse`
 * - `GET /admin/reports/operators` → `operatorListResponse` (the assignment's picker)
 * - `GET /admin/users?q=` `userFindQuery` → `userFindResponse`
 * - `GET /admin/users/{id}` → `adminUserResponse`
 * - `POST /admin/users/status` `userStatusRequest` → `adminUserResponse`
 * - `POST /admin/users/warn` `userWarnRequest` → `adminUserResponse`
 * - `POST /admin/users/image-delete` `userImageDeleteRequest` → `adminUserResponse`
 */
import * as z from 'zod/mini';
import { businessConfig } from '../config.ts';
import { emailSchema, PROFILE_ID_RE, textSchema, ULID_RE, V } from '../validation.ts';
import { deletedReasons, messageKinds, reportTypes } from './chat.ts';

const A = businessConfig.admin;

export const reportStatuses = ['open', 'in_progress', 'closed'] as const;
export type ReportStatus = (typeof reportStatuses)[number];
export const reportResolutions = ['dismissed', 'message_deleted', 'warned', 'suspended'] as const;
export type ReportResolution = (typeof reportResolutions)[number];
/** What an operator does with a report: each closes it with its resolution. */
export const reportActions = ['delete_message', 'warn', 'suspend', 'dismiss'] as const;
export type ReportAction = (typeof reportActions)[number];

/** The operator's note on a report, and the message a warning carries. */
export const REPORT_NOTE_MAX = A.reasonMax;
export const WARNING_MESSAGE_MAX = A.reasonMax;

const reportId = z.string({ error: V.required }).check(z.regex(ULID_RE, V.required));
const profileId = z.string({ error: V.required }).check(z.regex(PROFILE_ID_RE, V.adminUserId));
const version = z.int({ error: V.required }).check(z.nonnegative(V.required));
const note = textSchema({ max: REPORT_NOTE_MAX, maxMessage: V.reportNoteMax, multiline: true });

export const reportListQuery = z.object({
  status: z._default(z.enum(reportStatuses, { error: V.reportStatus }), 'open'),
  /** 1 spam, 2 inappropriate, 3 harassment, 4 other. */
  type: z.optional(z.enum(reportTypes.map(String) as ['1', '2', '3', '4'], { error: V.reportType })),
  cursor: z.optional(z.string().check(z.maxLength(2048))),
});
export type ReportListQuery = z.input<typeof reportListQuery>;

/** A person as the console names them (null fields: not set, or the account is gone). */
export const personView = z.object({
  id: z.string(),
  nickname: z.nullable(z.string()),
  username: z.nullable(z.string()),
  role_id: z.nullable(z.int()),
  status: z.nullable(z.enum(['active', 'suspended'])),
  /** False once the account left the product. */
  exists: z.boolean(),
});
export type PersonView = z.infer<typeof personView>;

export const reportView = z.object({
  id: z.string(),
  type: z.int(),
  detail: z.string(),
  /** A message report names its room and message; a user report names neither. */
  subject: z.enum(['user', 'message']),
  chatroom_id: z.nullable(z.string()),
  message_id: z.nullable(z.string()),
  status: z.enum(reportStatuses),
  resolution: z.nullable(z.enum(reportResolutions)),
  assignee: z.nullable(z.object({ id: z.string(), name: z.string() })),
  note: z.string(),
  reporter: personView,
  target: personView,
  created_at: z.string(),
  updated_at: z.nullable(z.string()),
  /** Sent back with every change: a change made meanwhile by another operator answers 409. */
  version: z.int(),
});
export type ReportView = z.infer<typeof reportView>;

export const reportListResponse = z.object({
  reports: z.array(reportView),
  next_cursor: z.nullable(z.string()),
});
export type ReportListResponse = z.infer<typeof reportListResponse>;

/** A message of the reported one's room, as the operator sees it (the content of a deleted one is gone). */
export const contextMessage = z.object({
  id: z.string(),
  sender_id: z.string(),
  sender_name: z.nullable(z.string()),
  kind: z.enum(messageKinds),
  text: z.nullable(z.string()),
  /** A presigned GET of the file, short-lived; null for text, stamps, deleted messages. */
  file_url: z.nullable(z.string()),
  stamp_id: z.nullable(z.string()),
  deleted: z.nullable(z.enum(deletedReasons)),
  created_at: z.string(),
  /** The reported message itself. */
  reported: z.boolean(),
});
export type ContextMessage = z.infer<typeof contextMessage>;

export const userSummary = z.extend(personView, {
  created_at: z.nullable(z.string()),
  /** Reports about this person (every status). */
  reports_against: z.int(),
});
export type UserSummary = z.infer<typeof userSummary>;

export const reportDetailResponse = z.object({
  report: reportView,
  reporter: userSummary,
  target: userSummary,
  /** The reported message with a few before and after it; null for a report on a user. */
  context: z.nullable(
    z.object({
      chatroom_id: z.string(),
      messages: z.array(contextMessage),
      /** False when the message is no longer in the room (the room was deleted). */
      found: z.boolean(),
    }),
  ),
});
export type ReportDetailResponse = z.infer<typeof reportDetailResponse>;

export const reportResponse = z.object({ report: reportView });
export type ReportResponse = z.infer<typeof reportResponse>;

export const reportAssignRequest = z.object({
  report_id: reportId,
  version,
  /** An operator's profile id or e-mail; null: nobody. */
  assignee: z.nullable(
    z.string({ error: V.adminAssignee }).check(
      z.trim(),
      z.minLength(1, V.adminAssignee),
      z.maxLength(254, V.adminAssignee),
      z.refine((s) => PROFILE_ID_RE.test(s) || emailSchema.safeParse(s).success, V.adminAssignee),
    ),
  ),
});
export type ReportAssignRequest = z.input<typeof reportAssignRequest>;

/** An operator one may assign a report to: the name shown on reports (nickname, else e-mail). */
export const operatorView = z.object({ id: z.string().check(z.regex(PROFILE_ID_RE)), name: z.string() });
export type OperatorView = z.infer<typeof operatorView>;
/** Every operator, by name. */
export const operatorListResponse = z.object({ operators: z.array(operatorView) });
export type OperatorListResponse = z.infer<typeof operatorListResponse>;

export const reportStatusRequest = z.object({
  report_id: reportId,
  version,
  /** Closing goes through an action (`dismiss` at least), so it has a resolution. */
  status: z.enum(['open', 'in_progress'], { error: V.reportStatus }),
  note: z.optional(note),
});
export type ReportStatusRequest = z.input<typeof reportStatusRequest>;

export const reportActionRequest = z.object({
  report_id: reportId,
  version,
  action: z.enum(reportActions, { error: V.reportAction }),
  /** The operator's note, kept on the report. */
  note: z.optional(note),
  /** `warn`: the operator's words to the person, added to the notice. */
  message: z.optional(
    textSchema({ max: WARNING_MESSAGE_MAX, maxMessage: V.warningMessageMax, multiline: true }),
  ),
});
export type ReportActionRequest = z.input<typeof reportActionRequest>;

// ---------------------------------------------------------------------------------------------
// Users

export const userFindQuery = z.object({
  /** An e-mail, a username or a profile id. */
  q: z.string({ error: V.adminUserQuery }).check(
    z.overwrite((s) => s.normalize('NFKC').trim()),
    z.minLength(1, V.adminUserQuery),
    z.maxLength(254, V.adminUserQuery),
  ),
});
export type UserFindQuery = z.input<typeof userFindQuery>;
export const userFindResponse = z.object({ users: z.array(userSummary) });
export type UserFindResponse = z.infer<typeof userFindResponse>;

export const adminUserView = z.extend(userSummary, {
  email: z.nullable(z.string()),
  /** Sign-up finished (the steps of the role). */
  setup_complete: z.boolean(),
  profile_image: z.nullable(z.string()),
  background_image: z.nullable(z.string()),
  organization_id: z.nullable(z.string()),
});
export type AdminUserView = z.infer<typeof adminUserView>;

export const adminUserResponse = z.object({
  user: adminUserView,
  /** The latest reports about this person, newest first. */
  reports: z.array(reportView),
});
export type AdminUserResponse = z.infer<typeof adminUserResponse>;

export const userStatusRequest = z.object({
  profile_id: profileId,
  action: z.enum(['suspend', 'resume'], { error: V.required }),
});
export type UserStatusRequest = z.input<typeof userStatusRequest>;

export const userWarnRequest = z.object({
  profile_id: profileId,
  message: z.optional(
    textSchema({ max: WARNING_MESSAGE_MAX, maxMessage: V.warningMessageMax, multiline: true }),
  ),
});
export type UserWarnRequest = z.input<typeof userWarnRequest>;

export const userImageDeleteRequest = z.object({
  profile_id: profileId,
  kind: z.enum(['avatar', 'background'], { error: V.required }),
});
export type UserImageDeleteRequest = z.input<typeof userImageDeleteRequest>;
