/**
 * The operators' report queue (issue 17): reports on users and messages by status (open and in
 * progress oldest first, closed newest first) and type; one report with both people and, for a
 * message, the message among its neighbours; assignment, status and the actions that close it
 * (delete the message for terms, warn, suspend, dismiss).
 *
 * Every change is conditioned on the report's version as the operator read it and on the report
 * being open, with its audit entries in the same transaction as the change (the message's deletion,
 * the warning's notice, the suspension). Of two operators one wins; the other gets 409
 * `admin_conflict`. Repeating an action that closed the report answers the report as it is.
 */
import { businessConfig } from '@app/shared/config';
import { ADMIN_PAGE_SIZE } from '@app/shared/schemas/admin';
import type {
  ContextMessage,
  PersonView,
  ReportAction,
  ReportActionRequest,
  ReportDetailResponse,
  ReportListResponse,
  ReportResolution,
  ReportResponse,
  ReportView,
  UserSummary,
} from '@app/shared/schemas/admin-reports';
import { V } from '@app/shared/validation';
import type { EntityItem } from 'electrodb';
import type { Report } from '../../db/entities/report.ts';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import { timeId } from '../../lib/crypto.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { suspendAccount } from '../account-status.ts';
import { announceDeletion, removeMessage } from '../chat/messages.ts';
import type { ChatDeps } from '../chat/rooms.ts';
import { type MessageItem, messageView } from '../chat/views.ts';
import { type MediaDeps, privateUrl } from '../media/pipeline.ts';
import { noticeItem } from '../notices.ts';
import type { ExtraItems, TxEntities } from '../points/ledger.ts';
import type { EndSessionDeps } from '../sessions.ts';
import { type AuditInput, auditCommit } from './audit.ts';
import { operatorName } from './operators.ts';

export type ReportItem = EntityItem<typeof Report>;
export type AdminReportDeps = ChatDeps & EndSessionDeps;
type Operator = ProfileItem;

/** Messages shown before and after the reported one. */
const CONTEXT = 3;
/** Reports about a person counted at most (the page says "100+" beyond). */
const COUNT_MAX = 1000;

const RESOLUTION: Record<ReportAction, ReportResolution> = {
  delete_message: 'message_deleted',
  warn: 'warned',
  suspend: 'suspended',
  dismiss: 'dismissed',
};

export const versionOf = (r: ReportItem): number => r.version ?? 0;

// ---------------------------------------------------------------------------------------------
// Reading

export async function profilesOf(db: Db, ids: string[]): Promise<Map<string, ProfileItem>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const { data } = await db.entities.profile.get(unique.map((profileId) => ({ profileId }))).go();
  return new Map(data.map((p) => [p.profileId, p]));
}

export function personOf(id: string, p: ProfileItem | undefined): PersonView {
  return {
    id,
    nickname: p?.nickname ?? null,
    username: p?.username ?? null,
    role_id: p?.roleId ?? null,
    status: p?.status ?? null,
    exists: p !== undefined,
  };
}

export function reportViewOf(r: ReportItem, people: Map<string, ProfileItem>): ReportView {
  return {
    id: r.reportId,
    type: r.type,
    detail: r.detail ?? '',
    subject: r.messageId ? 'message' : 'user',
    chatroom_id: r.chatroomId ?? null,
    message_id: r.messageId ?? null,
    status: r.status,
    resolution: r.resolution ?? null,
    assignee: r.assigneeId ? { id: r.assigneeId, name: r.assigneeName ?? r.assigneeId } : null,
    note: r.note ?? '',
    reporter: personOf(r.reporterId, people.get(r.reporterId)),
    target: personOf(r.targetId, people.get(r.targetId)),
    created_at: r.createdAt,
    updated_at: r.updatedAt ?? null,
    version: versionOf(r),
  };
}

/** Report rows with their people, read in one batch. */
export async function reportViews(db: Db, reports: ReportItem[]): Promise<ReportView[]> {
  const people = await profilesOf(
    db,
    reports.flatMap((r) => [r.reporterId, r.targetId]),
  );
  return reports.map((r) => reportViewOf(r, people));
}

/** The queue: gsi1 `reports#<status>`; open and in progress oldest first, closed newest first. */
export async function listReports(
  deps: { db: Db },
  query: { status: ReportItem['status']; type?: string | undefined },
  cursor: string | undefined,
): Promise<ReportListResponse> {
  const type = query.type ? Number(query.type) : undefined;
  const page = await deps.db.entities.report.query
    .byStatus({ status: query.status })
    .where((a, op) => (type ? op.eq(a.type, type) : ''))
    .go({
      order: query.status === 'closed' ? 'desc' : 'asc',
      count: ADMIN_PAGE_SIZE,
      ...(cursor ? { cursor } : {}),
    });
  return { reports: await reportViews(deps.db, page.data), next_cursor: page.cursor };
}

/** How many reports name this person (gsi2 `reports-about#<id>`, keys only). */
export async function reportsAgainst(db: Db, targetId: string): Promise<number> {
  const { data } = await db.entities.report.query
    .byTarget({ targetId })
    .go({ pages: 'all', limit: COUNT_MAX, attributes: ['reportId'] });
  return data.length;
}

export async function userSummaryOf(db: Db, id: string, p: ProfileItem | undefined): Promise<UserSummary> {
  return {
    ...personOf(id, p),
    created_at: p?.createdAt ?? null,
    reports_against: await reportsAgainst(db, id),
  };
}

export async function readReport(db: Db, reportId: string): Promise<ReportItem> {
  const { data } = await db.entities.report.get({ reportId }).go({ consistent: true });
  if (!data) throw new AppError('report_not_found');
  return data;
}

const HIGHEST_ID = 'Z'.repeat(26);
const LOWEST_ID = '0';

/** The reported message with `CONTEXT` messages either side, senders named, files by presigned GET. */
async function contextOf(
  deps: { db: Db } & MediaDeps,
  r: ReportItem,
  people: Map<string, ProfileItem>,
): Promise<ReportDetailResponse['context']> {
  if (!r.chatroomId || !r.messageId) return null;
  const { chatroomId, messageId } = r;
  const q = deps.db.entities.message.query;
  const [before, after] = await Promise.all([
    q
      .byRoom({ chatroomId })
      .between({ messageId: LOWEST_ID }, { messageId })
      .go({ order: 'desc', limit: CONTEXT + 1 }),
    q
      .byRoom({ chatroomId })
      .between({ messageId }, { messageId: HIGHEST_ID })
      .go({ order: 'asc', limit: CONTEXT + 1 }),
  ]);
  const messages: MessageItem[] = [
    ...before.data.filter((m) => m.messageId !== messageId).reverse(),
    ...after.data,
  ];
  const urlSeconds = businessConfig.chat.fileUrlSeconds;
  const lines = await Promise.all(
    messages.map(async (m): Promise<ContextMessage> => {
      const v = messageView(m);
      return {
        id: v.id,
        sender_id: v.sender_id,
        sender_name: people.get(v.sender_id)?.nickname ?? null,
        kind: v.kind,
        text: v.text,
        file_url: v.file ? await privateUrl(deps, v.file, urlSeconds) : null,
        stamp_id: v.stamp_id,
        deleted: v.deleted,
        created_at: v.created_at,
        reported: v.id === messageId,
      };
    }),
  );
  return { chatroom_id: chatroomId, messages: lines, found: lines.some((l) => l.reported) };
}

export async function getReport(
  deps: { db: Db } & MediaDeps,
  reportId: string,
): Promise<ReportDetailResponse> {
  const r = await readReport(deps.db, reportId);
  // The room's two members name the context's senders; the reporter and the target are among them.
  const members = r.chatroomId?.split('_') ?? [];
  const people = await profilesOf(deps.db, [r.reporterId, r.targetId, ...members]);
  const [reporter, target, context] = await Promise.all([
    userSummaryOf(deps.db, r.reporterId, people.get(r.reporterId)),
    userSummaryOf(deps.db, r.targetId, people.get(r.targetId)),
    contextOf(deps, r, people),
  ]);
  return { report: reportViewOf(r, people), reporter, target, context };
}

// ---------------------------------------------------------------------------------------------
// Changing

type ReportSet = {
  status?: ReportItem['status'];
  resolution?: ReportResolution;
  assigneeId?: string;
  assigneeName?: string;
  note?: string;
};

/** The report's change as a transaction item: only from the version read, only while not closed. */
function reportChange(
  tx: TxEntities,
  r: ReportItem,
  now: string,
  set: ReportSet,
  remove: ('assigneeId' | 'assigneeName')[] = [],
) {
  const v = versionOf(r);
  const patch = tx.report.patch({ reportId: r.reportId }).set({ ...set, version: v + 1, updatedAt: now });
  return (remove.length > 0 ? patch.remove(remove) : patch)
    .where((a, op) =>
      v === 0
        ? `(${op.notExists(a.version)} OR ${op.eq(a.version, 0)}) AND ${op.ne(a.status, 'closed')}`
        : `${op.eq(a.version, v)} AND ${op.ne(a.status, 'closed')}`,
    )
    .commit();
}

/** Open, and as the operator read it; else the refusal. */
function checkOpen(r: ReportItem, version: number): void {
  if (r.status === 'closed') throw new AppError('report_closed');
  if (versionOf(r) !== version) throw new AppError('admin_conflict', 'report changed meanwhile');
}

const audit = (tx: TxEntities, at: Date, actor: Operator, input: Omit<AuditInput, 'actor'>) =>
  auditCommit(tx, at, { actor, ...input });

async function respond(db: Db, reportId: string): Promise<ReportResponse> {
  const [view] = await reportViews(db, [await readReport(db, reportId)]);
  return { report: view as ReportView };
}

/** After a cancelled write: the same action closed it meanwhile (answer it), or a conflict. */
async function afterCancel(db: Db, reportId: string, action?: ReportAction): Promise<ReportResponse> {
  const now = await readReport(db, reportId);
  if (action && now.status === 'closed' && now.resolution === RESOLUTION[action])
    return respond(db, reportId);
  if (now.status === 'closed') throw new AppError('report_closed');
  throw new AppError('admin_conflict', 'report changed meanwhile');
}

/** Commits the items; a cancelled transaction goes to `afterCancel`. */
async function commit(
  deps: { db: Db },
  reportId: string,
  items: ExtraItems,
  action?: ReportAction,
): Promise<ReportResponse> {
  const result = await deps.db.transaction.write(items).go();
  if (result.canceled) return afterCancel(deps.db, reportId, action);
  return respond(deps.db, reportId);
}

/** Who an assignee is: an operator's profile id or e-mail. */
async function operatorOf(db: Db, ref: string): Promise<ProfileItem> {
  let profileId = ref;
  if (ref.includes('@')) {
    const { data: claim } = await db.entities.uniqueClaim
      .get({ kind: 'email', value: ref.toLowerCase() })
      .go();
    profileId = claim?.profileId ?? '';
  }
  const { data } = profileId ? await db.entities.profile.get({ profileId }).go() : { data: null };
  if (!data || data.roleId !== businessConfig.roles.ADMIN) throw fieldError('assignee', V.adminAssignee);
  return data;
}

export async function assignReport(
  deps: { db: Db; clock: { now(): Date } },
  me: Operator,
  req: { report_id: string; version: number; assignee: string | null },
): Promise<ReportResponse> {
  const r = await readReport(deps.db, req.report_id);
  checkOpen(r, req.version);
  const assignee = req.assignee ? await operatorOf(deps.db, req.assignee) : null;
  const at = deps.clock.now();
  const now = at.toISOString();
  return commit(deps, r.reportId, (tx) => [
    assignee
      ? reportChange(tx, r, now, {
          assigneeId: assignee.profileId,
          assigneeName: operatorName(assignee),
        })
      : reportChange(tx, r, now, {}, ['assigneeId', 'assigneeName']),
    audit(tx, at, me, {
      action: 'report.assign',
      targetType: 'report',
      targetId: r.reportId,
      before: { assignee_id: r.assigneeId ?? null },
      after: { assignee_id: assignee?.profileId ?? null },
    }),
  ]);
}

export async function setReportStatus(
  deps: { db: Db; clock: { now(): Date } },
  me: Operator,
  req: { report_id: string; version: number; status: 'open' | 'in_progress'; note?: string | undefined },
): Promise<ReportResponse> {
  const r = await readReport(deps.db, req.report_id);
  checkOpen(r, req.version);
  const at = deps.clock.now();
  const noteChanged = req.note !== undefined && req.note !== (r.note ?? '');
  return commit(deps, r.reportId, (tx) => [
    reportChange(tx, r, at.toISOString(), { status: req.status, ...(noteChanged ? { note: req.note } : {}) }),
    audit(tx, at, me, {
      action: 'report.status',
      targetType: 'report',
      targetId: r.reportId,
      before: { status: r.status, ...(noteChanged ? { note: r.note ?? '' } : {}) },
      after: { status: req.status, ...(noteChanged ? { note: req.note } : {}) },
    }),
  ]);
}

/** `warn`: the notice to the person (kind `account_warning`, with the operator's words if any). */
export function warningNotice(tx: TxEntities, at: Date, profileId: string, message: string | undefined) {
  return tx.notice
    .create(
      noticeItem({
        to: profileId,
        noticeId: timeId(at),
        kind: 'account_warning',
        params: message ? { side: 'message', message } : {},
        createdAt: at.toISOString(),
      }),
    )
    .commit();
}

/**
 * An action on an open report; it closes the report with the action's resolution. The effect and
 * the report's change (and both audit entries) are one transaction; an effect that was done
 * already (the message deleted, the account suspended) leaves the report's change alone.
 */
export async function actOnReport(
  deps: AdminReportDeps,
  me: Operator,
  req: ReportActionRequest & { version: number },
): Promise<ReportResponse> {
  const r = await readReport(deps.db, req.report_id);
  const resolution = RESOLUTION[req.action];
  // A repeated action (a retry, a second tab) answers the report it closed.
  if (r.status === 'closed' && r.resolution === resolution) return respond(deps.db, r.reportId);
  checkOpen(r, req.version);
  if (req.action === 'delete_message' && !(r.chatroomId && r.messageId))
    throw new AppError('report_no_message');
  const at = deps.clock.now();
  const now = at.toISOString();
  const note = req.note !== undefined && req.note !== (r.note ?? '') ? req.note : undefined;
  const close = (tx: TxEntities) => [
    reportChange(tx, r, now, { status: 'closed', resolution, ...(note !== undefined ? { note } : {}) }),
    audit(tx, at, me, {
      action: req.action === 'dismiss' ? 'report.dismiss' : 'report.status',
      targetType: 'report',
      targetId: r.reportId,
      before: { status: r.status, ...(note !== undefined ? { note: r.note ?? '' } : {}) },
      after: { status: 'closed', resolution, ...(note !== undefined ? { note } : {}) },
    }),
  ];

  switch (req.action) {
    case 'dismiss':
      return commit(deps, r.reportId, close, req.action);
    case 'warn': {
      const message = req.message || undefined;
      return commit(
        deps,
        r.reportId,
        (tx) => [
          ...close(tx),
          warningNotice(tx, at, r.targetId, message),
          audit(tx, at, me, {
            action: 'account.warn',
            targetType: 'account',
            targetId: r.targetId,
            after: { warning: message ?? '', report_id: r.reportId },
          }),
        ],
        req.action,
      );
    }
    case 'suspend': {
      const { data: target } = await deps.db.entities.profile.get({ profileId: r.targetId }).go();
      if (!target) throw new AppError('user_not_found');
      if (target.status === 'suspended') return commit(deps, r.reportId, close, req.action);
      const suspended = await suspendAccount(deps, r.targetId, {
        extra: (tx) => [
          ...close(tx),
          audit(tx, at, me, {
            action: 'account.suspend',
            targetType: 'account',
            targetId: r.targetId,
            before: { status: 'active' },
            after: { status: 'suspended', report_id: r.reportId },
          }),
        ],
      });
      if (!suspended) return afterCancel(deps.db, r.reportId, req.action);
      return respond(deps.db, r.reportId);
    }
    case 'delete_message': {
      const key = { chatroomId: r.chatroomId as string, messageId: r.messageId as string };
      const { data: message } = await deps.db.entities.message.get(key).go({ consistent: true });
      if (!message) throw new AppError('message_not_found');
      if (message.deleted) return commit(deps, r.reportId, close, req.action);
      const deleted = await removeMessage(deps, key, 'terms', {
        extra: (tx) => [
          ...close(tx),
          audit(tx, at, me, {
            action: 'message.delete_terms',
            targetType: 'message',
            targetId: `${key.chatroomId}.${key.messageId}`,
            before: { deleted: null },
            after: { deleted: 'terms', report_id: r.reportId },
          }),
        ],
      });
      if (!deleted) return afterCancel(deps.db, r.reportId, req.action);
      const { data: after } = await deps.db.entities.message.get(key).go({ consistent: true });
      if (after) await announceDeletion(deps, after);
      return respond(deps.db, r.reportId);
    }
  }
}
