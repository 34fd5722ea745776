/**
 * Scheduled (reserve) broadcasts, the creator's side (issue 15): every call, rule and refusal of
 * the form, the list and delete; files on the media pipeline; the limit of pending reserves under
 * concurrency (a quota slot in the create's transaction); one EventBridge Scheduler one-time
 * schedule per reserve (the local stand-in: created, replaced, removed), and the order of the
 * schedule and the write (a fake recording scheduler, in process).
 */
import { businessConfig } from '@app/shared/config';
import { reserveSaveRequest } from '@app/shared/schemas/broadcasts';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { timeId } from '../src/lib/crypto.ts';
import { s3MediaStore } from '../src/lib/media-store.ts';
import type { OneTimeScheduler } from '../src/lib/schedules.ts';
import { scheduleNameOf } from '../src/services/broadcasts/fanout.ts';
import { reserveQuotaRelease } from '../src/services/broadcasts/quota.ts';
import {
  type AuthoringDeps,
  deleteReserve,
  RESERVE_PAGE_SIZE,
  saveReserve,
} from '../src/services/broadcasts/reserves.ts';
import { creator, fan, type Member } from './helpers/chat.ts';
import { api, issuePaths, manualClock, testDb } from './helpers/cloud.ts';
import { keysUnder, mp4, png, postForm, type Target } from './helpers/media.ts';

const db = testDb();
const B = businessConfig.broadcasts;
const L = businessConfig.limits;
const MINUTE = 60_000;
const DAY = 86_400_000;

beforeAll(() => {
  // In-process services read the local cloud's environment (bucket, scheduler group, endpoints).
  Object.assign(process.env, inject('localEnv'));
});

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();
const toSecond = (iso: string) => new Date(Math.floor(Date.parse(iso) / 1000) * 1000).toISOString();

async function uploaded(m: Member, bytes: Uint8Array, type = 'image/png'): Promise<string> {
  const res = await api('/broadcasting/upload-url', { token: m.token, body: { content_type: type } });
  expect(res.status).toBe(200);
  const t = res.body as Target;
  expect((await postForm(t, bytes)).status).toBe(204);
  return t.key;
}

const text = (t = 'こんにちは') => ({ kind: 'text', text: t });
const file = (key: string) => ({ kind: 'file', file: key });
const valid = (more: Record<string, unknown> = {}) => ({
  condition: 1,
  reserved_at: inMinutes(60),
  chats: [text()],
  ...more,
});
const save = (m: Member, body: unknown) => api('/broadcasting/reserve', { token: m.token, body });
const remove = (m: Member, body: unknown) => api('/broadcasting/reserve/delete', { token: m.token, body });
const getOne = (m: Member, id: string) => api(`/broadcasting/reserve/${id}`, { token: m.token });
const list = (m: Member, cursor?: string) =>
  api(`/broadcasting/reserve/list/${m.profileId}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, {
    token: m.token,
  });
const stored = async (creatorId: string, reserveId: string) =>
  (await db.entities.reserve.get({ creatorId, reserveId }).go({ consistent: true })).data;
const quota = async (creatorId: string) =>
  (await db.entities.broadcastQuota.get({ creatorId }).go({ consistent: true })).data?.reserves ?? 0;
const folderOf = (key: string) => key.slice(0, key.lastIndexOf('/') + 1);

/** The local scheduler stand-in's view of a schedule (null: none). */
async function scheduleAt(name: string): Promise<Record<string, unknown> | null> {
  const res = await fetch(
    `${inject('url')}/_local/scheduler/schedules/${encodeURIComponent(name)}?groupName=kinoko-test`,
  );
  if (res.status === 404) return null;
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}
const inputOf = (s: Record<string, unknown> | null) =>
  JSON.parse((s?.Target as { Input: string } | undefined)?.Input ?? 'null');

describe('who may call', () => {
  it('only creators: fans and shop owners are refused, guests must sign in', async () => {
    const [f, owner] = await Promise.all([fan(), creator({ roleId: 1 })]);
    for (const m of [f, owner]) {
      expect((await save(m, valid())).status).toBe(403);
      expect((await list(m)).status).toBe(403);
      expect(
        (await api('/broadcasting/upload-url', { token: m.token, body: { content_type: 'image/png' } }))
          .status,
      ).toBe(403);
    }
    expect((await api('/broadcasting/reserve', { body: valid() })).status).toBe(401);
  });

  it("another creator's reserve is not found; another creator's list is forbidden; forged ids are not found", async () => {
    const [a, b] = await Promise.all([creator(), creator()]);
    const res = await save(a, valid());
    expect(res.status).toBe(200);
    const { id, version } = res.body.reserve;
    expect((await getOne(b, id)).body.code).toBe('broadcast_not_found');
    expect((await save(b, valid({ id, version }))).body.code).toBe('broadcast_not_found');
    expect((await remove(b, { id })).body.code).toBe('broadcast_not_found');
    expect((await api('/broadcasting/reserve/retry', { token: b.token, body: { id } })).body.code).toBe(
      'broadcast_not_found',
    );
    // The owner's retry of a broadcast that did not end with failures is refused.
    const retry = await api('/broadcasting/reserve/retry', { token: a.token, body: { id } });
    expect(retry.status).toBe(409);
    expect(retry.body.code).toBe('broadcast_not_retryable');
    expect((await list(b)).status).toBe(200);
    expect((await api(`/broadcasting/reserve/list/${a.profileId}`, { token: b.token })).status).toBe(403);
    expect((await getOne(b, 'not-a-ulid')).status).toBe(404);
    expect((await getOne(b, '../../etc')).status).toBe(404);
    // Still there, untouched.
    expect((await stored(a.profileId, id))?.version).toBe(1);
  });
});

describe('the form: rules (spec 5)', () => {
  it('refuses each broken rule on its field, with its message', async () => {
    const c = await creator();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [valid({ condition: undefined }), { condition: 'validation.broadcastCondition' }],
      [valid({ condition: 4 }), { condition: 'validation.broadcastCondition' }],
      [valid({ condition: '1' }), { condition: 'validation.broadcastCondition' }],
      [valid({ condition: 2 }), { hours: 'validation.broadcastHours' }],
      [valid({ condition: 2, hours: 0 }), { hours: 'validation.broadcastHours' }],
      [valid({ condition: 2, hours: B.conditionHoursMax + 1 }), { hours: 'validation.broadcastHours' }],
      [valid({ condition: 2, hours: 1.5 }), { hours: 'validation.broadcastHours' }],
      [valid({ reserved_at: 'tomorrow' }), { reserved_at: 'validation.broadcastReservedAtInvalid' }],
      [valid({ reserved_at: undefined }), { reserved_at: 'validation.broadcastReservedAtInvalid' }],
      [valid({ chats: [] }), { chats: 'validation.broadcastChatsMin' }],
      [valid({ chats: undefined }), { chats: 'validation.broadcastChatsMin' }],
      [
        valid({ chats: Array.from({ length: B.chatsMax + 1 }, () => text()) }),
        { chats: 'validation.broadcastChatsMax' },
      ],
      [valid({ chats: [text('')] }), { 'chats.0.text': 'validation.broadcastChat' }],
      [valid({ chats: [text('　\u200b ')] }), { 'chats.0.text': 'validation.broadcastChat' }],
      [valid({ chats: [{ kind: 'file' }] }), { 'chats.0.file': 'validation.broadcastChat' }],
      [valid({ chats: [{ kind: 'sticker', text: 'x' }] }), { 'chats.0.kind': 'validation.broadcastChat' }],
      [
        valid({ chats: [text(), text('あ'.repeat(B.textMax + 1))] }),
        { 'chats.1.text': 'validation.broadcastTextMax' },
      ],
      [valid({ chats: [file('../etc/passwd')] }), { 'chats.0.file': 'validation.broadcastFile' }],
      [valid({ id: '01JBZZZZZZZZZZZZZZZZZZZZZZ' }), { version: 'validation.required' }],
    ];
    for (const [body, issues] of cases) {
      const res = await save(c, body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(422);
      expect(issuePaths(res.body)).toMatchObject(issues);
    }
    // Nothing was written.
    expect((await list(c)).body.reserves).toEqual([]);
    expect(await quota(c.profileId)).toBe(0);
  });

  it('refuses past, too soon and too far times on the server clock', async () => {
    const c = await creator();
    const cases: [string, string][] = [
      [new Date(Date.now() - MINUTE).toISOString(), 'validation.broadcastReservedAt'],
      [inMinutes(B.reserveMinMinutes - 1), 'validation.broadcastReservedAtSoon'],
      [
        new Date(Date.now() + (B.reserveMaxDays + 1) * DAY).toISOString(),
        'validation.broadcastReservedAtFar',
      ],
    ];
    for (const [at, message] of cases) {
      const res = await save(c, valid({ reserved_at: at }));
      expect(res.status, at).toBe(422);
      expect(issuePaths(res.body)).toEqual({ reserved_at: message });
    }
    expect((await save(c, valid({ reserved_at: inMinutes(B.reserveMinMinutes + 1) }))).status).toBe(200);
  });

  it('oversized and malformed bodies are refused, never a 5xx', async () => {
    const c = await creator();
    const huge = await save(c, valid({ chats: [text('x'.repeat(300_000))] }));
    expect(huge.status).toBeLessThan(500);
    expect(huge.status).not.toBe(200);
    const raw = await fetch(`${inject('apiUrl')}/broadcasting/reserve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/json' },
      body: '{"condition":1,',
    });
    expect(raw.status).toBe(400);
  });

  it('keeps hours only for the inactivity condition', async () => {
    const c = await creator();
    const members = await save(c, valid({ condition: 1, hours: 24 }));
    expect(members.body.reserve).toMatchObject({ condition: 1, hours: null });
    const inactive = await save(c, valid({ condition: 2, hours: 48 }));
    expect(inactive.body.reserve).toMatchObject({ condition: 2, hours: 48 });
    const mutual = await save(c, valid({ condition: 3, hours: 5 }));
    expect(mutual.body.reserve).toMatchObject({ condition: 3, hours: null });
    // Editing 2 → 3 drops the hours.
    const { id, version } = inactive.body.reserve;
    const edited = await save(c, valid({ id, version, condition: 3 }));
    expect(edited.body.reserve.hours).toBeNull();
    expect((await stored(c.profileId, id))?.hours).toBeUndefined();
  });

  it('the contract agrees with the server about a valid body', () => {
    expect(
      reserveSaveRequest.safeParse(valid({ chats: [text(), file('uploads/broadcast-photo/a/a-b.png')] }))
        .success,
    ).toBe(true);
  });
});

describe('create, read, list', () => {
  it('creates with a message and a photo: processed, private preview, upload discarded, schedule made', async () => {
    const c = await creator();
    const photo = await uploaded(c, await png(64, 48));
    const at = inMinutes(90);
    const res = await save(c, valid({ reserved_at: at, chats: [text('お知らせです'), file(photo)] }));
    expect(res.status).toBe(200);
    const r = res.body.reserve;
    expect(r).toMatchObject({
      condition: 1,
      hours: null,
      reserved_at: toSecond(at),
      status: 0,
      editable: true,
      version: 1,
      counts: { targeted: 0, delivered: 0, blocked: 0, closed: 0, left: 0, failed: 0 },
    });
    expect(r.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(r.chats[0]).toEqual({
      kind: 'text',
      text: 'お知らせです',
      file: null,
      file_url: null,
      file_type: null,
    });
    expect(r.chats[1]).toMatchObject({ kind: 'file', text: null, file_type: 'image' });
    expect(r.chats[1].file).toMatch(
      new RegExp(`^private/broadcast-photo/${c.profileId}/${r.id}-[0-9a-f-]+/full\\.webp$`),
    );
    const preview = await fetch(r.chats[1].file_url);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/webp');
    // The upload is gone once the reserve holds the processed copy.
    expect(await keysUnder(photo)).toEqual([]);

    const schedule = await scheduleAt(scheduleNameOf(r.id));
    expect(schedule).toMatchObject({
      ScheduleExpression: `at(${toSecond(at).slice(0, 19)})`,
      ActionAfterCompletion: 'DELETE',
      GroupName: 'kinoko-test',
    });
    expect((schedule?.Target as { Arn: string } | undefined)?.Arn).toMatch(
      /:function:kinoko-test-JobsBroadcastSend$/,
    );
    expect(inputOf(schedule)).toEqual({
      reserve_id: r.id,
      creator_id: c.profileId,
      reserved_at: toSecond(at),
    });
    expect((await stored(c.profileId, r.id))?.scheduleName).toBe(scheduleNameOf(r.id));

    const one = await getOne(c, r.id);
    expect(one.status).toBe(200);
    expect(one.body.reserve).toMatchObject({
      id: r.id,
      version: 1,
      chats: [{ kind: 'text' }, { kind: 'file' }],
    });
    const listed = await list(c);
    expect(listed.body).toMatchObject({ quota: { used: 1, max: L.scheduledBroadcasts }, next_cursor: null });
    expect(listed.body.reserves.map((x: { id: string }) => x.id)).toEqual([r.id]);
  });

  it('takes a video too, and refuses a file that is not what it claims', async () => {
    const c = await creator();
    const video = await uploaded(c, mp4(), 'video/mp4');
    const ok = await save(c, valid({ chats: [file(video)] }));
    expect(ok.status).toBe(200);
    expect(ok.body.reserve.chats[0]).toMatchObject({ kind: 'file', file_type: 'video' });
    const fake = await uploaded(c, new TextEncoder().encode('not an image at all'));
    const bad = await save(c, valid({ chats: [text(), file(fake)] }));
    expect(bad.status).toBe(422);
    expect(Object.keys(issuePaths(bad.body))).toEqual(['chats.1.file']);
    const type = await api('/broadcasting/upload-url', {
      token: c.token,
      body: { content_type: 'application/zip' },
    });
    expect(issuePaths(type.body)).toEqual({ content_type: 'validation.mediaType' });
  });

  it("refuses foreign file keys: another creator's upload, another reserve's file, a file used twice", async () => {
    const [a, b] = await Promise.all([creator(), creator()]);
    const theirs = await uploaded(b, await png());
    expect(issuePaths((await save(a, valid({ chats: [file(theirs)] }))).body)).toEqual({
      'chats.0.file': 'validation.broadcastFile',
    });
    const first = await save(a, valid({ chats: [file(await uploaded(a, await png()))] }));
    const held = first.body.reserve.chats[0].file as string;
    // A processed key of another reserve (the caller's own) is not this reserve's.
    expect(issuePaths((await save(a, valid({ chats: [file(held)] }))).body)).toEqual({
      'chats.0.file': 'validation.broadcastFile',
    });
    const other = await save(b, valid({ chats: [text()] }));
    expect(
      issuePaths((await save(b, valid({ id: other.body.reserve.id, version: 1, chats: [file(held)] }))).body),
    ).toEqual({ 'chats.0.file': 'validation.broadcastFile' });
    const mine = await uploaded(a, await png());
    expect(issuePaths((await save(a, valid({ chats: [file(mine), file(mine)] }))).body)).toEqual({
      'chats.1.file': 'validation.broadcastFile',
    });
  });

  it('pages the list, newest first, sent ones included as history', async () => {
    const c = await creator();
    const pending = (await save(c, valid())).body.reserve.id as string;
    // Sent ones (as the send job leaves them) do not count toward the limit but stay listed.
    const t0 = Date.now() - DAY;
    const sent: string[] = [];
    for (let i = 0; i < RESERVE_PAGE_SIZE + 2; i++) {
      const at = new Date(t0 + i * MINUTE);
      const reserveId = timeId(at);
      sent.push(reserveId);
      await db.entities.reserve
        .create({
          creatorId: c.profileId,
          reserveId,
          condition: 1,
          reservedAt: at.toISOString(),
          chats: [{ kind: 'text', text: '送信済み' }],
          status: 2,
          createdAt: at.toISOString(),
          updatedAt: at.toISOString(),
        })
        .go();
    }
    const first = await list(c);
    expect(first.body.quota.used).toBe(1);
    expect(first.body.reserves).toHaveLength(RESERVE_PAGE_SIZE);
    expect(first.body.reserves[0].id).toBe(pending);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await list(c, first.body.next_cursor);
    expect(second.status).toBe(200);
    const ids = [...first.body.reserves, ...second.body.reserves].map((r: { id: string }) => r.id);
    expect(ids).toEqual([pending, ...[...sent].reverse()]);
    expect(second.body.next_cursor).toBeNull();
    // Another creator cannot use the cursor.
    const other = await creator();
    expect((await list(other, first.body.next_cursor)).body.code).toBe('cursor_invalid');
  });
});

describe('edit', () => {
  it('moves the schedule with the time, keeps or drops files, bumps the version', async () => {
    const c = await creator();
    const photo = await uploaded(c, await png());
    const created = (await save(c, valid({ chats: [text(), file(photo)] }))).body.reserve;
    const held = created.chats[1].file as string;
    const later = inMinutes(180);
    // Same file kept, text changed, time moved.
    const kept = await save(c, {
      id: created.id,
      version: 1,
      condition: 3,
      reserved_at: later,
      chats: [file(held), text('変更後')],
    });
    expect(kept.status).toBe(200);
    expect(kept.body.reserve).toMatchObject({ version: 2, condition: 3, reserved_at: toSecond(later) });
    expect(kept.body.reserve.chats.map((x: { file: string | null }) => x.file)).toEqual([held, null]);
    const moved = await scheduleAt(scheduleNameOf(created.id));
    expect(moved?.ScheduleExpression).toBe(`at(${toSecond(later).slice(0, 19)})`);
    expect(inputOf(moved).reserved_at).toBe(toSecond(later));
    expect((await keysUnder(folderOf(held))).length).toBeGreaterThan(0);

    // A stale version is refused and changes nothing.
    const stale = await save(c, {
      id: created.id,
      version: 1,
      condition: 1,
      reserved_at: later,
      chats: [text()],
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('broadcast_conflict');
    expect((await stored(c.profileId, created.id))?.version).toBe(2);

    // Dropping the photo deletes its files after the commit.
    const dropped = await save(c, {
      id: created.id,
      version: 2,
      condition: 3,
      reserved_at: later,
      chats: [text()],
    });
    expect(dropped.status).toBe(200);
    expect(await keysUnder(folderOf(held))).toEqual([]);
    expect(await quota(c.profileId)).toBe(1);
  });

  it('refuses an edit or a delete once sending started, whatever the version', async () => {
    const c = await creator();
    const r = (await save(c, valid())).body.reserve;
    for (const status of [1, 2, 3]) {
      await db.entities.reserve
        .patch({ creatorId: c.profileId, reserveId: r.id })
        .set({ status, sendingSince: status === 1 ? new Date().toISOString() : '' })
        .go();
      const edit = await save(c, valid({ id: r.id, version: 1 }));
      expect(edit.status).toBe(409);
      expect(edit.body.code).toBe('broadcast_sending');
      const del = await remove(c, { id: r.id, version: 1 });
      expect(del.body.code).toBe('broadcast_sending');
      expect((await getOne(c, r.id)).body.reserve).toMatchObject({ status, editable: false });
    }
    expect(await scheduleAt(scheduleNameOf(r.id))).not.toBeNull();
  });
});

describe('delete', () => {
  it('deletes the reserve, its slot, its schedule and its files; a stale version is refused', async () => {
    const c = await creator();
    const photo = await uploaded(c, await png());
    const r = (await save(c, valid({ chats: [file(photo)] }))).body.reserve;
    const folder = folderOf(r.chats[0].file);
    expect(await quota(c.profileId)).toBe(1);
    expect((await remove(c, { id: r.id, version: 7 })).body.code).toBe('broadcast_conflict');
    const res = await remove(c, { id: r.id, version: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await stored(c.profileId, r.id)).toBeNull();
    expect(await quota(c.profileId)).toBe(0);
    expect(await scheduleAt(scheduleNameOf(r.id))).toBeNull();
    expect(await keysUnder(folder)).toEqual([]);
    expect((await getOne(c, r.id)).body.code).toBe('broadcast_not_found');
    expect((await remove(c, { id: r.id })).body.code).toBe('broadcast_not_found');
  });
});

describe('the limit of pending scheduled broadcasts', () => {
  it(`a race of ${L.scheduledBroadcasts + 1} creates gives exactly ${L.scheduledBroadcasts}`, async () => {
    const c = await creator();
    const results = await Promise.all(
      Array.from({ length: L.scheduledBroadcasts + 1 }, () => save(c, valid())),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(L.scheduledBroadcasts);
    const refused = results.find((r) => r.status !== 200);
    expect(refused?.status).toBe(409);
    expect(refused?.body.code).toBe('broadcast_limit');
    expect(await quota(c.profileId)).toBe(L.scheduledBroadcasts);
    const listed = await list(c);
    expect(listed.body.quota).toEqual({ used: L.scheduledBroadcasts, max: L.scheduledBroadcasts });
    // The refused create left no schedule behind (only the ten exist).
    const ids = listed.body.reserves.map((r: { id: string }) => r.id);
    expect(ids).toHaveLength(L.scheduledBroadcasts);

    // Sending started (the send job gives the slot back in its transaction): a new one fits.
    const started = ids[0] as string;
    await db.transaction
      .write((e) => [
        e.reserve
          .patch({ creatorId: c.profileId, reserveId: started })
          .set({ status: 1, sendingSince: new Date().toISOString() })
          .commit(),
        reserveQuotaRelease(e, c.profileId),
      ])
      .go();
    expect(await quota(c.profileId)).toBe(L.scheduledBroadcasts - 1);
    expect((await save(c, valid())).status).toBe(200);
    expect((await save(c, valid())).body.code).toBe('broadcast_limit');
    // Deleting a pending one frees a slot; the sending one stays listed as history.
    expect((await remove(c, { id: ids[1] })).status).toBe(200);
    expect((await save(c, valid())).status).toBe(200);
    expect((await list(c)).body.reserves.some((r: { id: string; status: number }) => r.id === started)).toBe(
      true,
    );
  });
});

describe('the schedule and the write, in process (a recording scheduler)', () => {
  async function deps(scheduler: OneTimeScheduler): Promise<AuthoringDeps> {
    return { db, clock: manualClock(), media: s3MediaStore(), scan: 'none', scheduler };
  }
  const profileOf = async (m: Member) => {
    const { data } = await db.entities.profile.get({ profileId: m.profileId }).go({ consistent: true });
    if (!data) throw new Error('no profile');
    return data;
  };

  it('creates the schedule before the write, and removes it after a delete commits', async () => {
    const c = await creator();
    const me = await profileOf(c);
    const calls: string[] = [];
    const scheduler: OneTimeScheduler = {
      async create(name, _at, handler, input) {
        const id = (input as { reserve_id: string }).reserve_id;
        calls.push(`create ${name} ${handler} written=${Boolean(await stored(c.profileId, id))}`);
      },
      async remove(name) {
        const id = name.replace(/^reserve-/, '');
        calls.push(`remove ${name} written=${Boolean(await stored(c.profileId, id))}`);
      },
    };
    const d = await deps(scheduler);
    const saved = await saveReserve(d, me, reserveSaveRequest.parse(valid()));
    const name = scheduleNameOf(saved.reserve.id);
    expect(calls).toEqual([`create ${name} jobs/broadcast-send written=false`]);
    calls.length = 0;
    // An edit that keeps the time keeps the schedule.
    await saveReserve(
      d,
      me,
      reserveSaveRequest.parse({
        ...valid(),
        id: saved.reserve.id,
        version: 1,
        reserved_at: saved.reserve.reserved_at,
      }),
    );
    expect(calls).toEqual([]);
    await deleteReserve(d, me, { id: saved.reserve.id });
    expect(calls).toEqual([`remove ${name} written=false`]);
  });

  it('an edit whose write is refused puts the old schedule back', async () => {
    const c = await creator();
    const me = await profileOf(c);
    const calls: [string, string, string | null][] = [];
    const scheduler: OneTimeScheduler = {
      async create(name, at, _handler, input) {
        calls.push(['create', name, (input as { reserved_at: string }).reserved_at]);
        void at;
      },
      async remove(name) {
        calls.push(['remove', name, null]);
      },
    };
    const d = await deps(scheduler);
    const first = (await saveReserve(d, me, reserveSaveRequest.parse(valid()))).reserve;
    calls.length = 0;
    // Another tab saves meanwhile, after this request read the reserve (the write's condition fails).
    const racing: OneTimeScheduler = {
      ...scheduler,
      async create(name, at, handler, input) {
        await scheduler.create(name, at, handler, input);
        if (calls.length === 2) {
          await db.entities.reserve
            .patch({ creatorId: c.profileId, reserveId: first.id })
            .set({ version: 2 })
            .go();
        }
      },
    };
    const later = inMinutes(240);
    await expect(
      saveReserve(
        await deps(racing),
        me,
        reserveSaveRequest.parse({ ...valid(), id: first.id, version: 1, reserved_at: later }),
      ),
    ).rejects.toMatchObject({ code: 'broadcast_conflict' });
    const name = scheduleNameOf(first.id);
    expect(calls).toEqual([
      ['remove', name, null],
      ['create', name, toSecond(later)],
      ['remove', name, null],
      ['create', name, first.reserved_at],
    ]);
    expect((await stored(c.profileId, first.id))?.reservedAt).toBe(first.reserved_at);
  });
});
