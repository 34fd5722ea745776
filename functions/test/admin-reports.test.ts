/**
 * The console's reports and users (issue 17): the queue by status and type, a report with its
 * people and the message's context (a file by presigned GET), assignment and status conditioned on
 * the version read, each action's effect and audit entry (the message deleted for terms in the
 * fan's room, live and on reload; a warning notice; a suspension closing the socket; dismissal),
 * refusals (validation, not found, closed, conflicts, concurrency), and the users' pages.
 */
import { businessConfig } from '@app/shared/config';
import { CreateTableCommand, DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../src/db/service.ts';
import { createTableInput } from '../src/db/table.ts';
import { userDeps } from '../src/lib/admin-reports-deps.ts';
import { newId, timeId } from '../src/lib/crypto.ts';
import { listOperators } from '../src/services/admin/operators.ts';
import { reportsAgainst } from '../src/services/admin/reports.ts';
import { deleteUserImage } from '../src/services/admin/users.ts';
import { PASSWORD } from './helpers/accounts.ts';
import { operatorOf, signInAdmin, takeAuditId } from './helpers/admin.ts';
import { collect, creator, fan, give, type Member, openSocket, room, send } from './helpers/chat.ts';
import {
  api,
  drainStreams,
  issuePaths,
  manualClock,
  db as rawDb,
  tableName,
  testDb,
} from './helpers/cloud.ts';
import { chatTarget, png, postForm, type Target } from './helpers/media.ts';

const db = testDb();
const ULID_MISSING = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

beforeAll(() => {
  Object.assign(process.env, inject('localEnv'));
});

type Admin = Awaited<ReturnType<typeof signInAdmin>>;

/** A creator's message in a room with a fan, reported by the fan; answers the report's id. */
async function reportedMessage(opts: { text?: string; type?: number } = {}) {
  const [c, f] = await Promise.all([creator(), fan()]);
  await give(f.profileId, 10);
  const chatroomId = await room(f, c);
  expect((await send(f, chatroomId, { text: 'こんにちは' })).status).toBe(200);
  const sent = await send(c, chatroomId, { text: opts.text ?? 'ひどいメッセージ' });
  expect(sent.status).toBe(200);
  const messageId = sent.body.message.id as string;
  expect((await send(f, chatroomId, { text: 'え？' })).status).toBe(200);
  expect(
    (
      await api('/report', {
        token: f.token,
        body: { type: opts.type ?? 3, detail: '暴言です', chatroom_id: chatroomId, message_id: messageId },
      })
    ).status,
  ).toBe(200);
  const reportId = await reportIdOf(f.profileId);
  return { c, f, chatroomId, messageId, reportId };
}

async function reportIdOf(reporterId: string): Promise<string> {
  const { data } = await db.entities.report.query
    .byStatus({ status: 'open' })
    .where((a, op) => op.eq(a.reporterId, reporterId))
    .go({ pages: 'all' });
  const r = data.at(-1);
  if (!r) throw new Error('no report');
  return r.reportId;
}

const detail = (a: Admin, id: string) => api(`/admin/reports/${id}`, { token: a.access_token });
const act = (a: Admin, body: Record<string, unknown>) =>
  api('/admin/reports/action', { token: a.access_token, body });
const auditOf = async (a: Admin, targetId: string) =>
  (await api(`/admin/audit?target_id=${encodeURIComponent(targetId)}`, { token: a.access_token })).body
    .entries as { action: string; actor_id: string; before: unknown; after: unknown }[];

describe('the report queue', () => {
  it('lists open reports oldest first, by type, with their people; a report before issue 17 reads as open', async () => {
    const [admin, first] = await Promise.all([signInAdmin(), reportedMessage({ type: 3 })]);
    const second = await reportedMessage({ type: 1 });
    // A report as `POST /report` wrote it before issue 17 (no version, no gsi2).
    const legacyId = '01E000000000000000000000A1';
    await db.entities.report
      .create({
        reportId: legacyId,
        reporterId: first.f.profileId,
        targetId: first.c.profileId,
        type: 4,
        createdAt: '2020-01-01T00:00:00.000Z',
      })
      .go();
    await db.entities.report.patch({ reportId: legacyId }).remove(['version']).go();

    const all: { id: string; type: number; created_at: string }[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { reports: typeof all; next_cursor: string | null } } = await api(
        `/admin/reports${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
        {
          token: admin.access_token,
        },
      );
      expect(page.status).toBe(200);
      all.push(...page.body.reports);
      cursor = page.body.next_cursor;
    } while (cursor);
    const ids = all.map((r) => r.id);
    expect(ids[0]).toBe(legacyId);
    expect(ids.indexOf(first.reportId)).toBeLessThan(ids.indexOf(second.reportId));
    const times = all.map((r) => r.created_at);
    expect([...times].sort()).toEqual(times);
    const row = all.find((r) => r.id === first.reportId);
    expect(row).toMatchObject({
      type: 3,
      detail: '暴言です',
      subject: 'message',
      status: 'open',
      resolution: null,
      assignee: null,
      version: 0,
      reporter: { id: first.f.profileId, role_id: 4, exists: true },
      target: { id: first.c.profileId, username: first.c.username, role_id: 2, status: 'active' },
    });
    expect(all.find((r) => r.id === legacyId)).toMatchObject({ status: 'open', version: 0, subject: 'user' });

    const spam = await api('/admin/reports?type=1', { token: admin.access_token });
    const spamIds = (spam.body.reports as { id: string; type: number }[]).map((r) => r.id);
    expect(spamIds).toContain(second.reportId);
    expect(spamIds).not.toContain(first.reportId);
    // The legacy report takes changes on its missing version (read as 0).
    const taken = await api('/admin/reports/status', {
      token: admin.access_token,
      body: { report_id: legacyId, version: 0, status: 'in_progress' },
    });
    expect(taken.body.report).toMatchObject({ status: 'in_progress', version: 1 });
    const inProgress = await api('/admin/reports?status=in_progress', { token: admin.access_token });
    expect((inProgress.body.reports as { id: string }[]).map((r) => r.id)).toContain(legacyId);
  }, 90_000);

  it('answers bad filters with their messages, and refuses everyone but operators', async () => {
    const admin = await signInAdmin();
    const bad = await api('/admin/reports?status=gone&type=9', { token: admin.access_token });
    expect(bad.status).toBe(422);
    expect(issuePaths(bad.body)).toEqual({
      status: 'validation.reportStatus',
      type: 'validation.reportType',
    });
    const { c, f, reportId } = await reportedMessage();
    for (const m of [c, f]) {
      for (const [path, body] of [
        ['/admin/reports', undefined],
        [`/admin/reports/${reportId}`, undefined],
        ['/admin/reports/operators', undefined],
        ['/admin/reports/action', { report_id: reportId, version: 0, action: 'dismiss' }],
        ['/admin/reports/assign', { report_id: reportId, version: 0, assignee: null }],
        ['/admin/reports/status', { report_id: reportId, version: 0, status: 'in_progress' }],
        [`/admin/users?q=${m.username}`, undefined],
        [`/admin/users/${m.profileId}`, undefined],
        ['/admin/users/status', { profile_id: c.profileId, action: 'suspend' }],
        ['/admin/users/warn', { profile_id: c.profileId }],
        ['/admin/users/image-delete', { profile_id: c.profileId, kind: 'avatar' }],
      ] as const) {
        const res = await api(path, { token: m.token, ...(body ? { body } : {}) });
        expect(res.status, `${path} as ${m.roleId}`).toBe(403);
      }
    }
    expect((await api('/admin/reports')).status).toBe(401);
    expect((await api(`/admin/reports/${reportId}`, { token: admin.access_token })).status).toBe(200);
    const stillOpen = await db.entities.report.get({ reportId }).go();
    expect(stillOpen.data?.status).toBe('open');
  });
});

describe('a report', () => {
  it('shows both people with their report counts and the message among its neighbours, a file by presigned GET', async () => {
    const admin = await signInAdmin();
    const [c, f] = await Promise.all([creator(), fan()]);
    await give(f.profileId, 10);
    const chatroomId = await room(f, c);
    await send(f, chatroomId, { text: 'm1' });
    await send(c, chatroomId, { text: 'm2' });
    const t: Target = await chatTarget(c, chatroomId, 'image/png');
    expect((await postForm(t, await png())).status).toBe(204);
    const file = await send(c, chatroomId, { file: t.key });
    expect(file.status).toBe(200);
    for (const text of ['m4', 'm5', 'm6', 'm7']) await send(f, chatroomId, { text });
    const fileId = file.body.message.id as string;
    await api('/report', {
      token: f.token,
      body: { type: 2, chatroom_id: chatroomId, message_id: fileId },
    });
    await api('/report', { token: f.token, body: { type: 1, profile_id: c.profileId } });
    const reportId = (await db.entities.report.query.byTarget({ targetId: c.profileId }).go({ order: 'asc' }))
      .data[0]?.reportId as string;

    const res = await detail(admin, reportId);
    expect(res.status).toBe(200);
    expect(res.body.reporter).toMatchObject({ id: f.profileId, role_id: 4, reports_against: 0 });
    expect(res.body.target).toMatchObject({
      id: c.profileId,
      username: c.username,
      role_id: 2,
      status: 'active',
      reports_against: 2,
      created_at: expect.any(String),
    });
    const ctx = res.body.context;
    expect(ctx.chatroom_id).toBe(chatroomId);
    expect(ctx.found).toBe(true);
    const texts = (ctx.messages as { text: string | null; reported: boolean }[]).map((m) =>
      m.reported ? 'FILE' : m.text,
    );
    expect(texts).toEqual(['m1', 'm2', 'FILE', 'm4', 'm5', 'm6']);
    const reported = ctx.messages[2];
    expect(reported).toMatchObject({ kind: 'file', sender_id: c.profileId, deleted: null });
    expect(reported.sender_name).toEqual(expect.any(String));
    const got = await fetch(reported.file_url);
    expect(got.status).toBe(200);
    expect(ctx.messages[0].sender_id).toBe(f.profileId);

    const userReport = (
      await db.entities.report.query.byTarget({ targetId: c.profileId }).go({ order: 'asc' })
    ).data[1]?.reportId as string;
    expect((await detail(admin, userReport)).body).toMatchObject({
      context: null,
      report: { subject: 'user' },
    });
    const missing = await detail(admin, ULID_MISSING);
    expect([missing.status, missing.body.code]).toEqual([404, 'report_not_found']);
    expect((await detail(admin, 'not-a-report')).body.code).toBe('report_not_found');
  });
});

describe('assignment and status', () => {
  it('assigns to me, to another operator by e-mail, to nobody; each change audited; a stale version is a conflict', async () => {
    const [me, other] = await Promise.all([signInAdmin('運営A'), signInAdmin('運営B')]);
    const { reportId } = await reportedMessage();
    const mine = await api('/admin/reports/assign', {
      token: me.access_token,
      body: { report_id: reportId, version: 0, assignee: me.profile_id },
    });
    expect(mine.status).toBe(200);
    expect(mine.body.report).toMatchObject({ assignee: { id: me.profile_id, name: '運営A' }, version: 1 });
    const theirs = await api('/admin/reports/assign', {
      token: me.access_token,
      body: { report_id: reportId, version: 1, assignee: other.email.toUpperCase() },
    });
    expect(theirs.body.report).toMatchObject({
      assignee: { id: other.profile_id, name: '運営B' },
      version: 2,
    });
    // The other operator acts on what they read before: one wins.
    const stale = await api('/admin/reports/assign', {
      token: other.access_token,
      body: { report_id: reportId, version: 1, assignee: null },
    });
    expect([stale.status, stale.body.code]).toEqual([409, 'admin_conflict']);
    const status = await api('/admin/reports/status', {
      token: other.access_token,
      body: { report_id: reportId, version: 2, status: 'in_progress', note: '確認中' },
    });
    expect(status.body.report).toMatchObject({ status: 'in_progress', note: '確認中', version: 3 });
    const none = await api('/admin/reports/assign', {
      token: other.access_token,
      body: { report_id: reportId, version: 3, assignee: null },
    });
    expect(none.body.report).toMatchObject({ assignee: null, version: 4 });

    const entries = await auditOf(me, reportId);
    expect(entries.map((e) => e.action)).toEqual([
      'report.assign',
      'report.status',
      'report.assign',
      'report.assign',
    ]);
    expect(entries[3]).toMatchObject({
      actor_id: me.profile_id,
      before: { assignee_id: null },
      after: { assignee_id: me.profile_id },
    });
    expect(entries[1]).toMatchObject({
      actor_id: other.profile_id,
      before: { status: 'open', note: '' },
      after: { status: 'in_progress', note: '確認中' },
    });

    // Two operators at once on the same version: one change, one entry.
    const both = await Promise.all(
      [me, other].map((a) =>
        api('/admin/reports/status', {
          token: a.access_token,
          body: { report_id: reportId, version: 4, status: 'open' },
        }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await auditOf(me, reportId)).filter((e) => e.action === 'report.status')).toHaveLength(2);
  });

  it('lists every operator by name for the picker, none other; the list survives the operators’ own updates', async () => {
    const tag = Date.now().toString(36);
    // Signing in patches the profile (the TOTP step, the enrolment): the sparse index keys stay.
    const [me, other] = await Promise.all([signInAdmin(`運営A${tag}`), signInAdmin(`運営B${tag}`)]);
    const f = await fan();
    const res = await api<{ operators: { id: string; name: string }[] }>('/admin/reports/operators', {
      token: me.access_token,
    });
    expect(res.status).toBe(200);
    const ids = res.body.operators.map((o) => o.id);
    expect(res.body.operators).toEqual(
      expect.arrayContaining([
        { id: me.profile_id, name: `運営A${tag}` },
        { id: other.profile_id, name: `運営B${tag}` },
      ]),
    );
    expect(ids).not.toContain(f.profileId);
    expect(new Set(ids).size).toBe(ids.length);
    const names = res.body.operators.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'ja')));
    // An operator's profile id from the list assigns the report.
    const { reportId } = await reportedMessage();
    const assigned = await api('/admin/reports/assign', {
      token: me.access_token,
      body: { report_id: reportId, version: 0, assignee: other.profile_id },
    });
    expect(assigned.body.report).toMatchObject({ assignee: { id: other.profile_id, name: `運営B${tag}` } });
    // Only operators carry the index keys.
    const { data } = await db.entities.profile.query.byRole({ roleId: 3 }).go({ pages: 'all' });
    expect(data.every((p) => p.roleId === 3)).toBe(true);
  });

  it('answers every field with its message', async () => {
    const admin = await signInAdmin();
    const { reportId, f } = await reportedMessage();
    const cases: [string, Record<string, unknown>, Record<string, string>][] = [
      [
        '/admin/reports/assign',
        { report_id: reportId, version: 0, assignee: 'nobody@example.com' },
        { assignee: 'validation.adminAssignee' },
      ],
      [
        '/admin/reports/assign',
        { report_id: reportId, version: 0, assignee: f.profileId },
        { assignee: 'validation.adminAssignee' },
      ],
      [
        '/admin/reports/assign',
        { report_id: reportId, version: 0, assignee: 'not an e-mail' },
        { assignee: 'validation.adminAssignee' },
      ],
      [
        '/admin/reports/status',
        { report_id: reportId, version: 0, status: 'closed' },
        { status: 'validation.reportStatus' },
      ],
      [
        '/admin/reports/status',
        {
          report_id: reportId,
          version: 0,
          status: 'open',
          note: 'あ'.repeat(businessConfig.admin.reasonMax + 1),
        },
        { note: 'validation.reportNoteMax' },
      ],
      [
        '/admin/reports/action',
        { report_id: reportId, version: 0, action: 'ban' },
        { action: 'validation.reportAction' },
      ],
      [
        '/admin/reports/action',
        {
          report_id: reportId,
          version: 0,
          action: 'warn',
          message: 'あ'.repeat(businessConfig.admin.reasonMax + 1),
        },
        { message: 'validation.warningMessageMax' },
      ],
      [
        '/admin/users/status',
        { profile_id: 'no/such', action: 'suspend' },
        { profile_id: 'validation.adminUserId' },
      ],
    ];
    for (const [path, body, issues] of cases) {
      const res = await api(path, { token: admin.access_token, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(issuePaths(res.body)).toEqual(issues);
    }
    const empty = await api('/admin/users?q=%20', { token: admin.access_token });
    expect(issuePaths(empty.body)).toEqual({ q: 'validation.adminUserQuery' });
    const missing = await act(admin, { report_id: ULID_MISSING, version: 0, action: 'dismiss' });
    expect([missing.status, missing.body.code]).toEqual([404, 'report_not_found']);
    expect((await db.entities.report.get({ reportId }).go()).data).toMatchObject({ status: 'open' });
    expect(await auditOf(admin, reportId)).toEqual([]);
  });
});

describe('actions', () => {
  it("deleting the message for terms: the fan's room sees the placeholder live and on reload, the preview drops; audited", async () => {
    const admin = await signInAdmin();
    const { c, f, chatroomId, messageId, reportId } = await reportedMessage({ text: '規約違反の内容' });
    await drainStreams();
    const socket = await openSocket(f);
    const seen = collect(socket);
    const res = await act(admin, { report_id: reportId, version: 0, action: 'delete_message', note: '暴言' });
    expect(res.status).toBe(200);
    expect(res.body.report).toMatchObject({
      status: 'closed',
      resolution: 'message_deleted',
      note: '暴言',
      version: 1,
    });
    await expect
      .poll(() => seen)
      .toContainEqual({
        type: 'message_deleted',
        message: expect.objectContaining({ id: messageId, deleted: 'terms', text: null }),
      });
    socket.close();
    for (const m of [f, c]) {
      const history = await api(`/chat/${chatroomId}/latest`, { token: m.token });
      const line = (history.body.messages as { id: string }[]).find((x) => x.id === messageId);
      expect(line).toMatchObject({ deleted: 'terms', text: null });
    }
    const stored = (await db.entities.message.get({ chatroomId, messageId }).go()).data;
    expect(stored).toMatchObject({ deleted: 'terms' });
    expect(stored?.text).toBeUndefined();
    // The creator's row had the deleted message as its last one? Then its preview is gone.
    await drainStreams();
    const row = (await db.entities.roomMember.get({ ownerId: c.profileId, chatroomId }).go()).data;
    if (row?.lastMessageId === messageId) expect(row.preview).toBeUndefined();
    const ctx = (await detail(admin, reportId)).body.context.messages.find(
      (m: { reported: boolean }) => m.reported,
    );
    expect(ctx).toMatchObject({ deleted: 'terms', text: null });

    const [messageEntry] = await auditOf(admin, `${chatroomId}.${messageId}`);
    expect(messageEntry).toMatchObject({
      action: 'message.delete_terms',
      actor_id: admin.profile_id,
      before: { deleted: null },
      after: { deleted: 'terms', report_id: reportId },
    });
    expect(await auditOf(admin, reportId)).toEqual([
      expect.objectContaining({
        action: 'report.status',
        before: { status: 'open', note: '' },
        after: { status: 'closed', resolution: 'message_deleted', note: '暴言' },
      }),
    ]);
    // Idempotent: the same action again answers the closed report and changes nothing.
    const again = await act(admin, { report_id: reportId, version: 0, action: 'delete_message' });
    expect(again.body.report).toMatchObject({ status: 'closed', version: 1 });
    expect(await auditOf(admin, `${chatroomId}.${messageId}`)).toHaveLength(1);
  });

  it('the latest message deleted for terms drops the room list preview', async () => {
    const admin = await signInAdmin();
    const [c, f] = await Promise.all([creator(), fan()]);
    await give(f.profileId, 10);
    const chatroomId = await room(f, c);
    await send(f, chatroomId, { text: 'hello' });
    const last = await send(c, chatroomId, { text: 'bad words' });
    await api('/report', {
      token: f.token,
      body: { type: 3, chatroom_id: chatroomId, message_id: last.body.message.id },
    });
    await drainStreams();
    const reportId = await reportIdOf(f.profileId);
    expect((await act(admin, { report_id: reportId, version: 0, action: 'delete_message' })).status).toBe(
      200,
    );
    await drainStreams();
    const list = await api('/chatroom/list', { token: f.token });
    const mine = (list.body.chatrooms as { id: string; last_message: unknown }[]).find(
      (r) => r.id === chatroomId,
    );
    expect(mine?.last_message).toMatchObject({ deleted: true, preview: null });
  });

  it('10 identical deletions at once: one effect, one entry each for the message and the report', async () => {
    const admin = await signInAdmin();
    const { chatroomId, messageId, reportId } = await reportedMessage();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        act(admin, { report_id: reportId, version: 0, action: 'delete_message' }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(results.every((r) => r.body.report.resolution === 'message_deleted')).toBe(true);
    expect(await auditOf(admin, `${chatroomId}.${messageId}`)).toHaveLength(1);
    expect(await auditOf(admin, reportId)).toHaveLength(1);
    expect((await db.entities.report.get({ reportId }).go()).data?.version).toBe(1);
  });

  it('warn: a notice to the person with the operator’s words; audited; the report closes as warned', async () => {
    const admin = await signInAdmin();
    const { c, reportId } = await reportedMessage();
    const res = await act(admin, {
      report_id: reportId,
      version: 0,
      action: 'warn',
      message: '言葉遣いに気をつけてください',
    });
    expect(res.body.report).toMatchObject({ status: 'closed', resolution: 'warned' });
    const notices = await api('/notice', { token: c.token });
    expect(notices.body.notices[0]).toMatchObject({
      kind: 'account_warning',
      params: { side: 'message', message: '言葉遣いに気をつけてください' },
      read: false,
    });
    expect(await auditOf(admin, c.profileId)).toEqual([
      expect.objectContaining({
        action: 'account.warn',
        after: { warning: '言葉遣いに気をつけてください', report_id: reportId },
      }),
    ]);
    // Closed: another action is refused, nothing more is written.
    const refused = await act(admin, { report_id: reportId, version: 1, action: 'dismiss' });
    expect([refused.status, refused.body.code]).toEqual([409, 'report_closed']);
    const status = await api('/admin/reports/status', {
      token: admin.access_token,
      body: { report_id: reportId, version: 1, status: 'open' },
    });
    expect(status.body.code).toBe('report_closed');
    const warnings = (await api('/notice', { token: c.token })).body.notices.filter(
      (n: { kind: string }) => n.kind === 'account_warning',
    );
    expect(warnings).toHaveLength(1);
    expect(await auditOf(admin, reportId)).toHaveLength(1);
  });

  it("suspend: the person's socket closes at once, their token and login are refused; audited; resumed from their page", async () => {
    const admin = await signInAdmin();
    const { c, reportId } = await reportedMessage();
    const socket = await openSocket(c);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const res = await act(admin, { report_id: reportId, version: 0, action: 'suspend' });
    expect(res.body.report).toMatchObject({
      status: 'closed',
      resolution: 'suspended',
      target: { status: 'suspended' },
    });
    await closed;
    const refused = await api('/mypage', { token: c.token });
    expect([refused.status, refused.body.code]).toEqual([403, 'account_suspended']);
    const login = await api('/auth/login', { body: { email: c.email, password: PASSWORD } });
    expect(login.body.code).toBe('account_suspended');
    expect(await auditOf(admin, c.profileId)).toEqual([
      expect.objectContaining({
        action: 'account.suspend',
        before: { status: 'active' },
        after: { status: 'suspended', report_id: reportId },
      }),
    ]);

    const resumed = await api('/admin/users/status', {
      token: admin.access_token,
      body: { profile_id: c.profileId, action: 'resume' },
    });
    expect(resumed.body.user).toMatchObject({ status: 'active' });
    expect((await api('/auth/login', { body: { email: c.email, password: PASSWORD } })).status).toBe(200);
    const entries = await auditOf(admin, c.profileId);
    expect(entries[0]).toMatchObject({
      action: 'account.resume',
      before: { status: 'suspended' },
      after: { status: 'active' },
    });
  });

  it('10 identical suspensions from the user page at once: one change, one entry', async () => {
    const admin = await signInAdmin();
    const c = await creator();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        api('/admin/users/status', {
          token: admin.access_token,
          body: { profile_id: c.profileId, action: 'suspend' },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(results.every((r) => r.body.user.status === 'suspended')).toBe(true);
    expect(await auditOf(admin, c.profileId)).toHaveLength(1);
  });

  it('dismiss closes it as dismissed; a report about a user has no message to delete', async () => {
    const admin = await signInAdmin();
    const [c, f] = await Promise.all([creator(), fan()]);
    await api('/report', { token: f.token, body: { type: 4, detail: '気になる', profile_id: c.profileId } });
    const reportId = await reportIdOf(f.profileId);
    const noMessage = await act(admin, { report_id: reportId, version: 0, action: 'delete_message' });
    expect([noMessage.status, noMessage.body.code]).toEqual([422, 'report_no_message']);
    const stale = await act(admin, { report_id: reportId, version: 5, action: 'dismiss' });
    expect([stale.status, stale.body.code]).toEqual([409, 'admin_conflict']);
    const res = await act(admin, { report_id: reportId, version: 0, action: 'dismiss' });
    expect(res.body.report).toMatchObject({ status: 'closed', resolution: 'dismissed' });
    expect(await auditOf(admin, reportId)).toEqual([
      expect.objectContaining({
        action: 'report.dismiss',
        before: { status: 'open' },
        after: { status: 'closed', resolution: 'dismissed' },
      }),
    ]);
    const closed = await api('/admin/reports?status=closed', { token: admin.access_token });
    expect((closed.body.reports as { id: string }[]).map((r) => r.id)).toContain(reportId);
    expect((await db.entities.profile.get({ profileId: c.profileId }).go()).data?.status).toBe('active');
  });
});

describe('users', () => {
  async function withPictures(): Promise<Member> {
    const c = await creator();
    for (const kind of ['avatar', 'background'] as const) {
      const t = await api('/mypage/profile/upload-url', {
        token: c.token,
        body: { kind, content_type: 'image/png' },
      });
      expect((await postForm(t.body, await png())).status).toBe(204);
      const set = await api('/mypage/profile/image', {
        token: c.token,
        body: { kind, upload_key: t.body.key },
      });
      expect(set.status).toBe(200);
    }
    return c;
  }

  it('finds a person by e-mail, username or profile id; a page with profile, pictures and reports', async () => {
    const admin = await signInAdmin();
    const { c, f, reportId } = await reportedMessage();
    for (const q of [
      c.email as string,
      c.email?.toUpperCase() as string,
      c.username,
      c.username.toUpperCase(),
      c.profileId,
    ]) {
      const res = await api(`/admin/users?q=${encodeURIComponent(q)}`, { token: admin.access_token });
      expect(res.status, q).toBe(200);
      expect(res.body.users, q).toEqual([
        expect.objectContaining({ id: c.profileId, username: c.username, role_id: 2, reports_against: 1 }),
      ]);
    }
    expect((await api('/admin/users?q=nobody-here', { token: admin.access_token })).body.users).toEqual([]);
    const page = await api(`/admin/users/${c.profileId}`, { token: admin.access_token });
    expect(page.body.user).toMatchObject({
      id: c.profileId,
      email: c.email,
      role_id: 2,
      status: 'active',
      setup_complete: true,
      reports_against: 1,
      profile_image: null,
    });
    expect(page.body.reports.map((r: { id: string }) => r.id)).toEqual([reportId]);
    const fanPage = await api(`/admin/users/${f.profileId}`, { token: admin.access_token });
    expect(fanPage.body.user).toMatchObject({ role_id: 4, email: null, reports_against: 0 });
    const missing = await api('/admin/users/nobody', { token: admin.access_token });
    expect([missing.status, missing.body.code]).toEqual([404, 'user_not_found']);
    const warnMissing = await api('/admin/users/warn', {
      token: admin.access_token,
      body: { profile_id: 'nobody' },
    });
    expect(warnMissing.body.code).toBe('user_not_found');
  });

  it('deletes the avatar and background (their notices raised), audited once each; warns from the page', async () => {
    const admin = await signInAdmin();
    const c = await withPictures();
    const page = await api(`/admin/users/${c.profileId}`, { token: admin.access_token });
    expect(page.body.user.profile_image).toMatch(/^http.*\/media\/avatar\//);
    const twice = await Promise.all(
      [1, 2, 3].map(() =>
        api('/admin/users/image-delete', {
          token: admin.access_token,
          body: { profile_id: c.profileId, kind: 'avatar' },
        }),
      ),
    );
    expect(twice.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(twice[0]?.body.user.profile_image).toBeNull();
    const bg = await api('/admin/users/image-delete', {
      token: admin.access_token,
      body: { profile_id: c.profileId, kind: 'background' },
    });
    expect(bg.body.user).toMatchObject({ profile_image: null, background_image: null });
    const warned = await api('/admin/users/warn', {
      token: admin.access_token,
      body: { profile_id: c.profileId },
    });
    expect(warned.status).toBe(200);
    const kinds = (await api('/notice', { token: c.token })).body.notices.map(
      (n: { kind: string }) => n.kind,
    );
    expect(kinds.sort()).toEqual(['account_warning', 'background_image_deleted', 'profile_image_deleted']);
    const entries = await auditOf(admin, c.profileId);
    expect(entries.map((e) => e.action).sort()).toEqual(['account.warn', 'image.delete', 'image.delete']);
    expect(entries.find((e) => e.action === 'account.warn')?.after).toEqual({ warning: '' });
    const other = await signInAdmin();
    const adminTarget = await api('/admin/users/status', {
      token: admin.access_token,
      body: { profile_id: other.profile_id, action: 'suspend' },
    });
    expect(adminTarget.status).toBe(403);
  });

  it('a picture’s removal and its entry are one transaction: when the entry cannot be written, the picture stays', async () => {
    const admin = await signInAdmin();
    const c = await withPictures();
    const key = (await db.entities.profile.get({ profileId: c.profileId }).go()).data?.profileImage as string;
    const clock = manualClock();
    const me = await operatorOf(admin);
    const remove = () => deleteUserImage(userDeps(clock), me, { profile_id: c.profileId, kind: 'avatar' });
    // The entry's id (instant and key) is taken: the removal's transaction is cancelled whole.
    await takeAuditId(clock.now(), `image.delete#${c.profileId}#${key}`);
    await expect(remove()).rejects.toMatchObject({ code: 'admin_conflict' });
    expect((await db.entities.profile.get({ profileId: c.profileId }).go()).data?.profileImage).toBe(key);
    expect(await auditOf(admin, c.profileId)).toEqual([]);
    const notices = async () =>
      (await api('/notice', { token: c.token })).body.notices.map((n: { kind: string }) => n.kind);
    expect(await notices()).toEqual([]);
    // A moment later: removed, with its entry and notice, once; again: nothing to remove, no entry.
    clock.advance(1000);
    expect((await remove()).user.profile_image).toBeNull();
    clock.advance(1000);
    expect((await remove()).user.profile_image).toBeNull();
    expect(await auditOf(admin, c.profileId)).toEqual([
      expect.objectContaining({ action: 'image.delete', before: { avatar: key }, after: { avatar: null } }),
    ]);
    expect(await notices()).toEqual(['profile_image_deleted']);
  });
});

describe('the console indexes backfill (scripts/migrations/console-indexes.ts)', () => {
  it('indexes reports and operators written before issue 17 on a table of their own; a second run writes nothing', async () => {
    const { backfillConsoleIndexes } = await import('../../scripts/migrations/console-indexes.ts');
    const table = `${tableName()}-console-indexes-${Date.now().toString(36)}`;
    await rawDb().send(new CreateTableCommand(createTableInput(table)));
    try {
      const old = createDb(rawDb(), table);
      const target = newId();
      const at = (i: number) => `2026-10-0${i}T03:00:00.000Z`;
      // As `POST /report` wrote them before issue 17: gsi1 while open only, no gsi2, no version.
      const oldReport = (i: number, status: 'open' | 'closed', targetId = target) => {
        const reportId = timeId(new Date(at(i)));
        return {
          pk: `report#${reportId}`,
          sk: 'report',
          ...(status === 'open' ? { gsi1pk: 'reports#open', gsi1sk: `${at(i)}#${reportId}` } : {}),
          reportId,
          reporterId: newId(),
          targetId,
          type: 1,
          detail: '古い通報',
          status,
          createdAt: at(i),
          __edb_e__: 'report',
          __edb_v__: '1',
        };
      };
      const reports = [
        oldReport(1, 'open'),
        oldReport(2, 'open'),
        oldReport(3, 'closed'),
        oldReport(4, 'open', newId()),
      ];
      for (const Item of reports) await rawDb().send(new PutCommand({ TableName: table, Item }));
      // A report written by today's code is in step already.
      const fresh = timeId(new Date(at(5)));
      await old.entities.report
        .create({ reportId: fresh, reporterId: newId(), targetId: target, type: 2, createdAt: at(5) })
        .go();
      // An operator from before the role index, and a fan (never indexed).
      const operatorId = newId();
      const profile = (profileId: string, roleId: number) => ({
        profileId,
        roleId,
        nickname: `古い運営${roleId}`,
        step: 1,
        finalStep: 1,
        createdAt: at(1),
        updatedAt: at(1),
      });
      await old.entities.profile.create(profile(operatorId, 3)).go();
      await rawDb().send(
        new UpdateCommand({
          TableName: table,
          Key: { pk: `profile#${operatorId}`, sk: 'profile' },
          UpdateExpression: 'REMOVE gsi1pk, gsi1sk',
        }),
      );
      const fanId = newId();
      await old.entities.profile.create(profile(fanId, 4)).go();

      expect(await reportsAgainst(old, target)).toBe(1);
      expect((await listOperators(old)).operators).toEqual([]);

      expect(await backfillConsoleIndexes(rawDb(), table)).toEqual({ reports: 4, operators: 1 });
      expect(await reportsAgainst(old, target)).toBe(4);
      const closed = await old.entities.report.query.byStatus({ status: 'closed' }).go();
      expect(closed.data.map((r) => r.reportId)).toEqual([reports[2]?.reportId]);
      const open = await old.entities.report.query.byStatus({ status: 'open' }).go();
      expect(open.data).toHaveLength(4);
      expect((await listOperators(old)).operators).toEqual([{ id: operatorId, name: '古い運営3' }]);
      // The items keep what they held (no version written: the service reads it as 0).
      const first = await old.entities.report.get({ reportId: reports[0]?.reportId ?? '' }).go();
      expect(first.data).toMatchObject({ status: 'open', detail: '古い通報', targetId: target });
      expect(first.data?.version).toBeUndefined();

      // Idempotent: nothing left to write.
      expect(await backfillConsoleIndexes(rawDb(), table)).toEqual({ reports: 0, operators: 0 });
      expect(await reportsAgainst(old, target)).toBe(4);
    } finally {
      await rawDb().send(new DeleteTableCommand({ TableName: table }));
    }
  });
});
