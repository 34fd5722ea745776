/**
 * Trigger broadcasts, the creator's side (issue 15): every call, rule and refusal of the form, the
 * list and delete; the time-based conditions' scan index; files on the media pipeline (never
 * deleted once saved); the limit of triggers under concurrency.
 */
import { businessConfig } from '@app/shared/config';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { creator, fan, type Member } from './helpers/chat.ts';
import { api, issuePaths, db as rawDb, tableName, testDb } from './helpers/cloud.ts';
import { keysUnder, png, postForm, type Target } from './helpers/media.ts';

const db = testDb();
const B = businessConfig.broadcasts;
const L = businessConfig.limits;

beforeAll(() => {
  Object.assign(process.env, inject('localEnv'));
});

async function uploaded(m: Member, bytes: Uint8Array, type = 'image/png'): Promise<string> {
  const res = await api('/broadcasting/upload-url', { token: m.token, body: { content_type: type } });
  expect(res.status).toBe(200);
  const t = res.body as Target;
  expect((await postForm(t, bytes)).status).toBe(204);
  return t.key;
}

const text = (t = 'いいねありがとう！') => ({ kind: 'text', text: t });
const file = (key: string) => ({ kind: 'file', file: key });
const valid = (more: Record<string, unknown> = {}) => ({
  condition: 3,
  exclude_duplicated: true,
  interval_hours: 24,
  window_start: 10,
  window_end: 21,
  chats: [text()],
  ...more,
});
const save = (m: Member, body: unknown) => api('/broadcasting/trigger', { token: m.token, body });
const remove = (m: Member, body: unknown) => api('/broadcasting/trigger/delete', { token: m.token, body });
const getOne = (m: Member, id: string) => api(`/broadcasting/trigger/${id}`, { token: m.token });
const list = (m: Member) => api(`/broadcasting/trigger/list/${m.profileId}`, { token: m.token });
const quota = async (creatorId: string) =>
  (await db.entities.broadcastQuota.get({ creatorId }).go({ consistent: true })).data?.triggers ?? 0;
/** The raw item (to see the scan index's keys). */
const rawItem = async (creatorId: string, triggerId: string) =>
  (
    await rawDb().send(
      new GetCommand({
        TableName: tableName(),
        Key: { pk: `bcast#${creatorId}`, sk: `trigger#${triggerId}` },
        ConsistentRead: true,
      }),
    )
  ).Item;
const folderOf = (key: string) => key.slice(0, key.lastIndexOf('/') + 1);

describe('who may call', () => {
  it("only creators; another creator's trigger is not found, their list forbidden", async () => {
    const [f, owner, a, b] = await Promise.all([fan(), creator({ roleId: 1 }), creator(), creator()]);
    for (const m of [f, owner]) {
      expect((await save(m, valid())).status).toBe(403);
      expect((await list(m)).status).toBe(403);
    }
    expect((await api('/broadcasting/trigger', { body: valid() })).status).toBe(401);
    const t = (await save(a, valid())).body.trigger;
    expect((await getOne(b, t.id)).body.code).toBe('broadcast_not_found');
    expect((await save(b, valid({ id: t.id, version: 1 }))).body.code).toBe('broadcast_not_found');
    expect((await remove(b, { id: t.id })).body.code).toBe('broadcast_not_found');
    expect((await api(`/broadcasting/trigger/list/${a.profileId}`, { token: b.token })).status).toBe(403);
    expect((await getOne(b, 'x')).status).toBe(404);
    expect((await getOne(a, t.id)).body.trigger.version).toBe(1);
  });
});

describe('the form: rules (spec 5)', () => {
  it('refuses each broken rule on its field, with its message', async () => {
    const c = await creator();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [valid({ condition: undefined }), { condition: 'validation.broadcastCondition' }],
      [valid({ condition: 0 }), { condition: 'validation.broadcastCondition' }],
      [valid({ condition: 7 }), { condition: 'validation.broadcastCondition' }],
      [valid({ condition: 4 }), { hours: 'validation.broadcastHours' }],
      [valid({ condition: 5 }), { hours: 'validation.broadcastHours' }],
      [valid({ condition: 5, hours: 0 }), { hours: 'validation.broadcastHours' }],
      [valid({ interval_hours: 0 }), { interval_hours: 'validation.broadcastInterval' }],
      [valid({ interval_hours: -3 }), { interval_hours: 'validation.broadcastInterval' }],
      [valid({ interval_hours: 1.5 }), { interval_hours: 'validation.broadcastInterval' }],
      [valid({ interval_hours: B.intervalHoursMax + 1 }), { interval_hours: 'validation.broadcastInterval' }],
      [valid({ interval_hours: 'abc' }), { interval_hours: 'validation.broadcastInterval' }],
      [valid({ window_start: 10, window_end: 10 }), { window_end: 'validation.broadcastWindow' }],
      [valid({ window_start: 24 }), { window_start: 'validation.broadcastWindow' }],
      [valid({ window_start: -1 }), { window_start: 'validation.broadcastWindow' }],
      [valid({ window_end: 0 }), { window_end: 'validation.broadcastWindow' }],
      [valid({ window_end: 25 }), { window_end: 'validation.broadcastWindow' }],
      [valid({ window_start: 9.5 }), { window_start: 'validation.broadcastWindow' }],
      [valid({ chats: [] }), { chats: 'validation.broadcastChatsMin' }],
      [
        valid({ chats: Array.from({ length: B.chatsMax + 1 }, () => text()) }),
        { chats: 'validation.broadcastChatsMax' },
      ],
      [valid({ chats: [text('')] }), { 'chats.0.text': 'validation.broadcastChat' }],
      [
        valid({ chats: [text(), { kind: 'file', file: null }] }),
        { 'chats.1.file': 'validation.broadcastChat' },
      ],
      [
        valid({ chats: [text('x'.repeat(B.textMax + 1))] }),
        { 'chats.0.text': 'validation.broadcastTextMax' },
      ],
      [
        valid({ chats: [file('private/broadcast-photo/someone/01ARZ3NDEKTSV4RRFFQ69G5FAV-x/full.webp')] }),
        { 'chats.0.file': 'validation.broadcastFile' },
      ],
      [valid({ exclude_duplicated: 'yes' }), { exclude_duplicated: 'validation.required' }],
    ];
    for (const [body, issues] of cases) {
      const res = await save(c, body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(422);
      expect(issuePaths(res.body)).toMatchObject(issues);
    }
    expect((await list(c)).body.triggers).toEqual([]);
    expect(await quota(c.profileId)).toBe(0);
  });

  it('accepts the edges: interval 1 and 720, a window over midnight and the whole day', async () => {
    const c = await creator();
    for (const more of [
      { interval_hours: 1 },
      { interval_hours: B.intervalHoursMax, window_start: 22, window_end: 6 },
      { window_start: 0, window_end: 24 },
    ]) {
      const res = await save(c, valid(more));
      expect(res.status, JSON.stringify(more)).toBe(200);
      expect(res.body.trigger).toMatchObject(more);
    }
  });

  it('keeps hours only for conditions 4 and 5, which the scan index lists', async () => {
    const c = await creator();
    const liked = (await save(c, valid({ condition: 3, hours: 12 }))).body.trigger;
    expect(liked.hours).toBeNull();
    expect((await rawItem(c.profileId, liked.id))?.gsi1pk).toBeUndefined();
    const silent = (await save(c, valid({ condition: 4, hours: 48 }))).body.trigger;
    expect(silent).toMatchObject({ condition: 4, hours: 48 });
    expect((await rawItem(c.profileId, silent.id))?.gsi1pk).toBe('bcast-timed#1');
    // 4 → 6: out of the scan index, hours dropped.
    const mutual = await save(c, valid({ id: silent.id, version: 1, condition: 6, hours: 48 }));
    expect(mutual.body.trigger).toMatchObject({ condition: 6, hours: null, version: 2 });
    const item = await rawItem(c.profileId, silent.id);
    expect(item?.gsi1pk).toBeUndefined();
    expect(item?.hours).toBeUndefined();
    // 6 → 5: back in; the counts the engine wrote meanwhile stay.
    const counts = { targeted: 4, delivered: 3, blocked: 1, closed: 0, left: 0, failed: 0 };
    await db.entities.trigger.patch({ creatorId: c.profileId, triggerId: silent.id }).set({ counts }).go();
    const back = await save(c, valid({ id: silent.id, version: 2, condition: 5, hours: 3 }));
    expect(back.body.trigger).toMatchObject({ condition: 5, hours: 3, version: 3, counts });
    expect(await rawItem(c.profileId, silent.id)).toMatchObject({
      gsi1pk: 'bcast-timed#1',
      gsi1sk: `${c.profileId}#${silent.id}`,
      counts,
    });
    const timed = await db.entities.trigger.query.timed({ timed: '1' }).go({ pages: 'all' });
    expect(timed.data.some((t) => t.triggerId === silent.id)).toBe(true);
  });
});

describe('create, edit, delete', () => {
  it('creates with a photo, lists it, edits it; a stale version is refused; files stay after delete', async () => {
    const c = await creator();
    const photo = await uploaded(c, await png(40, 30));
    const res = await save(c, valid({ exclude_duplicated: false, chats: [text('ようこそ'), file(photo)] }));
    expect(res.status).toBe(200);
    const t = res.body.trigger;
    expect(t).toMatchObject({
      condition: 3,
      hours: null,
      exclude_duplicated: false,
      interval_hours: 24,
      window_start: 10,
      window_end: 21,
      version: 1,
      counts: { targeted: 0, delivered: 0, blocked: 0, closed: 0, left: 0, failed: 0 },
    });
    const held = t.chats[1].file as string;
    expect(held).toMatch(new RegExp(`^private/broadcast-photo/${c.profileId}/${t.id}-`));
    expect((await fetch(t.chats[1].file_url)).status).toBe(200);
    expect(await keysUnder(photo)).toEqual([]);
    expect((await list(c)).body).toMatchObject({
      triggers: [{ id: t.id }],
      quota: { used: 1, max: L.triggerBroadcasts },
    });

    // Defaults: exclude duplicated is on when not sent.
    const { exclude_duplicated: _omit, ...rest } = valid();
    const defaulted = await save(c, rest);
    expect(defaulted.body.trigger.exclude_duplicated).toBe(true);

    // Edit: the photo dropped stays in the bucket (messages delivered before point at it).
    const edited = await save(c, valid({ id: t.id, version: 1, interval_hours: 48, chats: [text('変更')] }));
    expect(edited.status).toBe(200);
    expect(edited.body.trigger).toMatchObject({ version: 2, interval_hours: 48 });
    expect((await keysUnder(folderOf(held))).length).toBeGreaterThan(0);
    const stale = await save(c, valid({ id: t.id, version: 1 }));
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('broadcast_conflict');
    // Keeping a file the trigger no longer holds is refused.
    expect(issuePaths((await save(c, valid({ id: t.id, version: 2, chats: [file(held)] }))).body)).toEqual({
      'chats.0.file': 'validation.broadcastFile',
    });

    expect((await remove(c, { id: t.id, version: 1 })).body.code).toBe('broadcast_conflict');
    const del = await remove(c, { id: t.id, version: 2 });
    expect(del.status).toBe(200);
    expect((await getOne(c, t.id)).body.code).toBe('broadcast_not_found');
    expect(await quota(c.profileId)).toBe(1);
    expect((await keysUnder(folderOf(held))).length).toBeGreaterThan(0);
  });
});

describe('the limit of triggers', () => {
  it(`a race of ${L.triggerBroadcasts + 2} creates gives exactly ${L.triggerBroadcasts}; a delete frees a slot`, async () => {
    const c = await creator();
    const results = await Promise.all(
      Array.from({ length: L.triggerBroadcasts + 2 }, () => save(c, valid())),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(L.triggerBroadcasts);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.code).toBe('broadcast_limit');
    }
    expect(await quota(c.profileId)).toBe(L.triggerBroadcasts);
    const listed = await list(c);
    expect(listed.body.triggers).toHaveLength(L.triggerBroadcasts);
    expect(listed.body.quota).toEqual({ used: L.triggerBroadcasts, max: L.triggerBroadcasts });
    // An edit needs no new slot.
    const first = listed.body.triggers[0];
    expect((await save(c, valid({ id: first.id, version: 1, interval_hours: 2 }))).status).toBe(200);
    expect((await remove(c, { id: first.id })).status).toBe(200);
    expect((await save(c, valid())).status).toBe(200);
    expect((await save(c, valid())).body.code).toBe('broadcast_limit');
  });
});
