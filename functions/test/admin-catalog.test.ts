/**
 * Console: stamps and campaigns (issue 17). The catalogue moves from the configuration into the
 * table (seeded once), operators edit it (conditional on version, audited), the chat charges the
 * table's price and refuses retired stamps, registration and the ledger read the campaigns.
 *
 * The configuration's stamps and KINOKO60 are left as they are (other test files rely on them):
 * every edit here is made on stamps and codes this file creates.
 */

import { businessConfig } from '@app/shared/config';
import { registrationCampaignResponse } from '@app/shared/schemas/campaign';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../src/db/service.ts';
import { createTableInput } from '../src/db/table.ts';
import { newId } from '../src/lib/crypto.ts';
import type { MediaStore } from '../src/lib/media-store.ts';
import { readCampaign, readStamps, registrationCampaign } from '../src/services/catalog/catalogue.ts';
import {
  createStamp as createStampIn,
  endCampaign,
  listStamps,
  setStampActive as setStampActiveIn,
  updateCampaign,
} from '../src/services/catalog/console.ts';
import { codeIn, PASSWORD, uniqueEmail } from './helpers/accounts.ts';
import { type AdminSession, signInAdmin } from './helpers/admin.ts';
import { balance, creator, fan, give, type Member, priceToday, room, send } from './helpers/chat.ts';
import { api, issuePaths, latestMail, manualClock, setClock, testDb } from './helpers/cloud.ts';
import { exists, png, postForm, type Target } from './helpers/media.ts';

const db = testDb();
const C = businessConfig.admin.catalog;
const R = businessConfig.rewards;

let clockOffset = 0;
/** Moves the cloud's clock past the catalogue's memory cache (instead of waiting a minute). */
async function pastCache(): Promise<Date> {
  clockOffset += C.cacheSeconds * 1000 + 1000;
  return setClock(clockOffset);
}
afterAll(() => setClock(0));

let admin: AdminSession;
const adminApi = (path: string, body?: unknown) =>
  api(path, { token: admin.access_token, ...(body !== undefined ? { body } : {}) });
const audit = async (targetId: string) =>
  (await adminApi(`/admin/audit?target_id=${encodeURIComponent(targetId)}`)).body.entries as {
    action: string;
    actor_id: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }[];

let counter = 0;
const next = () => {
  counter += 1;
  return counter;
};
const uniqueStampId = () => `t-${Date.now().toString(36)}-${next()}`;
const uniqueCode = () => `T${Date.now().toString(36).toUpperCase()}${next()}`.slice(0, 20);

async function pictureKey(): Promise<string> {
  const res = await adminApi('/admin/catalog/stamps/picture-url', { content_type: 'image/png' });
  expect(res.status).toBe(200);
  const target = res.body as Target;
  expect((await postForm(target, await png(96, 96))).status).toBe(204);
  return target.key;
}

async function createStamp(fields: Partial<Record<string, unknown>> = {}) {
  const body = {
    id: uniqueStampId(),
    name_ja: 'テスト',
    name_en: 'Test',
    cost: 20,
    order: 500,
    picture_upload_key: await pictureKey(),
    ...fields,
  };
  const res = await adminApi('/admin/catalog/stamps/create', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.stamp as { id: string; version: number; cost: number; picture_url: string | null };
}

const inAnHour = () => new Date(Date.now() + clockOffset + 3_600_000).toISOString();

describe('console: stamps and campaigns', () => {
  it('refuses everyone but operators', async () => {
    const f = await fan();
    const c = await creator();
    for (const m of [f, c]) {
      expect((await api('/admin/catalog/stamps', { token: m.token })).status).toBe(403);
      const res = await api('/admin/catalog/campaigns/create', {
        token: m.token,
        body: { code: 'HACK2026', rate_percent: 90, ends_at: inAnHour() },
      });
      expect(res.status).toBe(403);
    }
    expect((await api('/admin/catalog/campaigns')).status).toBe(401);
    admin = await signInAdmin('カタログ担当');
  });

  it('lists the configuration as the first catalogue, stored in the table', async () => {
    const res = await adminApi('/admin/catalog/stamps');
    expect(res.status).toBe(200);
    expect(res.body.stamps_max).toBe(C.stampsMax);
    const byId = new Map((res.body.stamps as { id: string; version: number }[]).map((s) => [s.id, s]));
    for (const s of businessConfig.chat.stamps) {
      expect(byId.get(s.id)).toMatchObject({ name: s.name, cost: s.cost, picture_url: null });
      expect(byId.get(s.id)?.version).toBeGreaterThanOrEqual(1);
    }
    const campaigns = await adminApi('/admin/catalog/campaigns');
    expect(campaigns.status).toBe(200);
    expect(campaigns.body.campaigns).toContainEqual(
      expect.objectContaining({
        code: R.campaignCode,
        rate_percent: Math.round(R.chatCampaignRate * 100),
        ends_at: R.campaignEndsAt,
        state: 'running',
      }),
    );
  });

  it('creates a stamp with its picture re-encoded, audited; a duplicate id and every bad field are refused', async () => {
    const stamp = await createStamp({ name_ja: ' 乾杯 ', name_en: 'Cheers', cost: 77, order: 5 });
    expect(stamp).toMatchObject({
      name: { ja: '乾杯', en: 'Cheers' },
      cost: 77,
      order: 5,
      active: true,
      version: 1,
    });
    expect(stamp.picture_url).toMatch(/\/media\/stamp\/catalog-[^/]+\/full\.webp$/);
    expect(await exists(new URL(stamp.picture_url ?? '').pathname.slice(1))).toBe(true);
    const listed = await adminApi('/admin/catalog/stamps');
    expect(listed.body.stamps).toContainEqual(expect.objectContaining({ id: stamp.id, cost: 77 }));
    const [entry] = await audit(stamp.id);
    expect(entry).toMatchObject({
      action: 'stamp.create',
      actor_id: admin.profile_id,
      before: null,
      after: expect.objectContaining({
        name_ja: '乾杯',
        name_en: 'Cheers',
        cost: 77,
        order: 5,
        active: true,
      }),
    });

    const again = await adminApi('/admin/catalog/stamps/create', {
      id: stamp.id,
      name_ja: 'x',
      name_en: 'x',
      cost: 1,
      order: 1,
      picture_upload_key: await pictureKey(),
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('stamp_exists');

    const bad = await adminApi('/admin/catalog/stamps/create', {
      id: 'Bad Id',
      name_ja: '　',
      name_en: 'x'.repeat(C.stampNameMax + 1),
      cost: C.stampCost.max + 1,
      order: -1,
      picture_upload_key: 'uploads/avatar/x.png',
    });
    expect(bad.status).toBe(422);
    expect(issuePaths(bad.body)).toEqual({
      id: 'validation.stampId',
      name_ja: 'validation.stampName',
      name_en: 'validation.stampName',
      cost: 'validation.stampCost',
      order: 'validation.catalogOrder',
      picture_upload_key: 'validation.stampPicture',
    });
    const zero = await adminApi('/admin/catalog/stamps/create', {
      id: uniqueStampId(),
      name_ja: 'a',
      name_en: 'a',
      cost: 0,
      order: 1.5,
    });
    expect(issuePaths(zero.body)).toEqual({
      cost: 'validation.stampCost',
      order: 'validation.catalogOrder',
      picture_upload_key: 'validation.stampPicture',
    });
    const type = await adminApi('/admin/catalog/stamps/picture-url', { content_type: 'image/gif' });
    expect(issuePaths(type.body)).toEqual({ content_type: 'validation.mediaType' });
    // Someone else's upload (another operator's key) is refused.
    const other = await adminApi('/admin/catalog/stamps/create', {
      id: uniqueStampId(),
      name_ja: 'a',
      name_en: 'a',
      cost: 1,
      order: 1,
      picture_upload_key: 'uploads/stamp/someone-else.png',
    });
    expect(issuePaths(other.body)).toEqual({ picture_upload_key: 'validation.stampPicture' });
  });

  it('creates one stamp of concurrent creates with the same id', async () => {
    const id = uniqueStampId();
    const keys = await Promise.all(Array.from({ length: 5 }, () => pictureKey()));
    const results = await Promise.all(
      keys.map((picture_upload_key) =>
        adminApi('/admin/catalog/stamps/create', {
          id,
          name_ja: '同時',
          name_en: 'Same',
          cost: 5,
          order: 1,
          picture_upload_key,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.code)).toEqual(
      Array(4).fill('stamp_exists'),
    );
    expect((await audit(id)).filter((e) => e.action === 'stamp.create')).toHaveLength(1);
  });

  it('edits a stamp conditional on its version: one of concurrent edits wins, a stale one is refused', async () => {
    const stamp = await createStamp({ cost: 30 });
    const edit = (version: number, cost: number, extra: Record<string, unknown> = {}) =>
      adminApi('/admin/catalog/stamps/update', {
        id: stamp.id,
        version,
        name_ja: '改名',
        name_en: 'Renamed',
        cost,
        order: 7,
        ...extra,
      });
    const results = await Promise.all([31, 32, 33, 34, 35].map((cost) => edit(1, cost)));
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'admin_conflict')).toBe(true);
    const winner = won[0]?.body.stamp;
    expect(winner).toMatchObject({ version: 2, name: { ja: '改名', en: 'Renamed' }, order: 7 });
    const stale = await edit(1, 40);
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('admin_conflict');
    const updates = (await audit(stamp.id)).filter((e) => e.action === 'stamp.update');
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({
      before: { name_ja: 'テスト', name_en: 'Test', cost: 30, order: 500 },
      after: { name_ja: '改名', name_en: 'Renamed', cost: winner.cost, order: 7 },
    });

    // A new picture replaces the old one (its files are deleted).
    const oldKey = new URL(stamp.picture_url ?? '').pathname.slice(1);
    const pictured = await edit(2, 40, { picture_upload_key: await pictureKey() });
    expect(pictured.status).toBe(200);
    expect(pictured.body.stamp.picture_url).not.toBe(stamp.picture_url);
    expect(await exists(oldKey)).toBe(false);
    const missing = await adminApi('/admin/catalog/stamps/update', {
      id: 'no-such-stamp',
      version: 1,
      name_ja: 'a',
      name_en: 'a',
      cost: 1,
      order: 1,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('stamp_not_found');
  });

  it("charges the table's price after an edit and refuses a retired stamp; old messages still show it", async () => {
    const stamp = await createStamp({ cost: 20 });
    const [f, c] = await Promise.all([fan(), creator()]);
    await give(f.profileId, 500);
    const chatroomId = await room(f, c);
    await pastCache();
    const first = await send(f, chatroomId, { stamp_id: stamp.id });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.points).toBe(20);
    expect(await balance(f)).toBe(480);

    // The price is raised in another Lambda (here: straight in the table; the console's own Lambda
    // forgets its cache on a write): the chat's catalogue is older, the send's transaction finds
    // the price changed, charges nothing and says so; the next send pays the new price.
    await db.entities.catalogStamp
      .patch({ stampId: stamp.id })
      .set({ cost: 35, version: 2, updatedAt: new Date().toISOString() })
      .where((a, op) => op.eq(a.version, 1))
      .go();
    const changed = await send(f, chatroomId, { stamp_id: stamp.id });
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('stamp_changed');
    expect(await balance(f)).toBe(480);
    const second = await send(f, chatroomId, { stamp_id: stamp.id });
    expect(second.body.points).toBe(35);
    expect(await balance(f)).toBe(445);

    // After the cache's life a reader sees the new price at once.
    const again = await adminApi('/admin/catalog/stamps/update', {
      id: stamp.id,
      version: 2,
      name_ja: 'テスト',
      name_en: 'Test',
      cost: 40,
      order: 500,
    });
    expect(again.status).toBe(200);
    await pastCache();
    const picker = await api('/chatroom/open-stamp', { token: f.token, body: {} });
    expect(picker.body.stamps).toContainEqual({
      id: stamp.id,
      name: 'テスト',
      cost: 40,
      picture_url: again.body.stamp.picture_url,
    });
    const third = await send(f, chatroomId, { stamp_id: stamp.id });
    expect(third.body.points).toBe(40);
    const { data: incomes } = await db.entities.incomeRow.query.byCreator({ creatorId: c.profileId }).go();
    expect(incomes.map((r) => r.revenue).sort()).toEqual([20, 35, 40]);

    // Retired: refused at once (nothing charged), gone from the picker; the messages stay.
    const retired = await adminApi('/admin/catalog/stamps/retire', { id: stamp.id, version: 3 });
    expect(retired.status).toBe(200);
    expect(retired.body.stamp).toMatchObject({ active: false, version: 4 });
    const refused = await send(f, chatroomId, { stamp_id: stamp.id });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('stamp_not_found');
    expect(await balance(f)).toBe(405);
    await pastCache();
    expect((await send(f, chatroomId, { stamp_id: stamp.id })).status).toBe(404);
    const after = await api('/chatroom/open-stamp', { token: f.token, body: {} });
    expect(after.body.stamps.map((s: { id: string }) => s.id)).not.toContain(stamp.id);
    const history = await api(`/chat/${chatroomId}/latest`, { token: f.token });
    expect(
      history.body.messages.filter((m: { stamp_id: string | null }) => m.stamp_id === stamp.id),
    ).toHaveLength(3);

    const twice = await adminApi('/admin/catalog/stamps/retire', { id: stamp.id, version: 4 });
    expect(twice.status).toBe(409);
    const restored = await adminApi('/admin/catalog/stamps/restore', { id: stamp.id, version: 4 });
    expect(restored.body.stamp).toMatchObject({ active: true, version: 5 });
    await pastCache();
    expect((await send(f, chatroomId, { stamp_id: stamp.id })).body.points).toBe(40);
    const actions = (await audit(stamp.id)).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['stamp.create', 'stamp.update', 'stamp.retire', 'stamp.restore']),
    );
    const retireEntry = (await audit(stamp.id)).find((e) => e.action === 'stamp.retire');
    expect(retireEntry).toMatchObject({ before: { active: true }, after: { active: false } });
  });
});

/** Registration up to the code, then the verify call with the campaign code. */
async function registerWith(campaign_code: string) {
  const email = uniqueEmail();
  await api('/auth/register', { body: { email } });
  const code = codeIn((await latestMail(email))?.text ?? '');
  return api('/auth/register/verify', {
    body: {
      email,
      code,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      agree_creator_terms: true,
      campaign_code,
    },
  });
}

describe('console: campaign codes', () => {
  it('creates a code (format checked, unique under concurrent creates), audited', async () => {
    const code = uniqueCode();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        adminApi('/admin/catalog/campaigns/create', {
          code: code.toLowerCase(),
          rate_percent: 70,
          ends_at: inAnHour(),
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.code)).toEqual(
      Array(9).fill('campaign_exists'),
    );
    const created = results.find((r) => r.status === 200)?.body.campaign;
    expect(created).toMatchObject({ code, rate_percent: 70, state: 'running', active: true, version: 1 });
    const entries = await audit(code);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'campaign.create',
      after: { rate_percent: 70, active: true },
    });

    const bad = await adminApi('/admin/catalog/campaigns/create', {
      code: 'ab',
      rate_percent: C.campaignRatePercent.max + 1,
      ends_at: 'tomorrow',
    });
    expect(bad.status).toBe(422);
    expect(issuePaths(bad.body)).toEqual({
      code: 'validation.campaignCodeFormat',
      rate_percent: 'validation.campaignRate',
      ends_at: 'validation.campaignEndsAt',
    });
    const low = await adminApi('/admin/catalog/campaigns/create', {
      code: 'KINOKO-1',
      rate_percent: C.campaignRatePercent.min - 1,
      ends_at: new Date(Date.now() + clockOffset - 60_000).toISOString(),
    });
    expect(issuePaths(low.body)).toEqual({
      code: 'validation.campaignCodeFormat',
      rate_percent: 'validation.campaignRate',
    });
    const past = await adminApi('/admin/catalog/campaigns/create', {
      code: uniqueCode(),
      rate_percent: 60,
      ends_at: new Date(Date.now() + clockOffset - 60_000).toISOString(),
    });
    expect(past.status).toBe(422);
    expect(issuePaths(past.body)).toEqual({ ends_at: 'validation.campaignEndsAt' });

    const page = await adminApi('/admin/catalog/campaigns');
    expect(page.body.campaigns.map((c: { code: string }) => c.code)).toContain(code);
  });

  it('registers with a running code, pays its rate on chat; edits and "end now" are audited and end it for registration at once', async () => {
    const code = uniqueCode();
    const created = await adminApi('/admin/catalog/campaigns/create', {
      code,
      rate_percent: 70,
      ends_at: inAnHour(),
    });
    expect(created.status).toBe(200);
    const registered = await registerWith(` ${code.toLowerCase()} `);
    expect(registered.status).toBe(200);
    const { data: profile } = await db.entities.profile.get({ profileId: registered.body.profile_id }).go();
    expect(profile?.campaignCode).toBe(code);

    // The creator's chat income at the campaign's rate.
    const c = await creator({ campaignCode: code });
    await priceToday(c.profileId, 10);
    const f = await fan();
    await give(f.profileId, 100);
    const chatroomId = await room(f, c);
    await pastCache();
    const paid = async (who: Member) => {
      const sent = await send(who, chatroomId, { text: 'こんにちは' });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const { data } = await db.entities.incomeRow.query
        .byCreator({ creatorId: c.profileId })
        .go({ pages: 'all' });
      return data.map((r) => r.income).sort((a, b) => a - b);
    };
    expect(await paid(f)).toEqual([7]);

    const edited = await adminApi('/admin/catalog/campaigns/update', {
      code,
      version: 1,
      rate_percent: 80,
      ends_at: inAnHour(),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.campaign).toMatchObject({ rate_percent: 80, version: 2 });
    const stale = await adminApi('/admin/catalog/campaigns/update', {
      code,
      version: 1,
      rate_percent: 60,
      ends_at: inAnHour(),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('admin_conflict');
    await pastCache();
    expect(await paid(f)).toEqual([7, 8]);

    const ends = await Promise.all(
      [1, 2, 3].map(() => adminApi('/admin/catalog/campaigns/end', { code, version: 2 })),
    );
    expect(ends.filter((r) => r.status === 200)).toHaveLength(1);
    const ended = ends.find((r) => r.status === 200)?.body.campaign;
    expect(ended).toMatchObject({ state: 'ended', active: false, version: 3 });
    // Registration reads the table: refused at once, without waiting for any cache.
    const late = await registerWith(code);
    expect(late.status).toBe(422);
    expect(issuePaths(late.body)).toEqual({ campaign_code: 'validation.campaignEnded' });
    const unknown = await registerWith('NOSUCHCODE');
    expect(issuePaths(unknown.body)).toEqual({ campaign_code: 'validation.campaignCode' });
    // The chat earns the usual rate once the ledger's cache has the ended campaign.
    await pastCache();
    expect(await paid(f)).toEqual([5, 7, 8]);
    const summary = await api('/mypage/summary', { token: c.token });
    expect(summary.body.campaign).toBeNull();

    const actions = (await audit(code)).map((e) => e.action);
    expect(actions.sort()).toEqual(['campaign.create', 'campaign.end', 'campaign.update']);
    const endEntry = (await audit(code)).find((e) => e.action === 'campaign.end');
    expect(endEntry?.before).toMatchObject({ active: true });
    expect(endEntry?.after).toMatchObject({ active: false });
    const missing = await adminApi('/admin/catalog/campaigns/end', { code: 'NOSUCHCODE', version: 1 });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('campaign_not_found');
  });
});

/** A new, empty table of its own (its catalogue not seeded; its own memory cache). */
async function freshTable() {
  const name = `catalog-${newId()}`;
  const client = new DynamoDBClient({
    endpoint: inject('dynamoEndpoint'),
    region: 'ap-northeast-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const input = createTableInput(name);
  await client.send(new CreateTableCommand({ ...input, StreamSpecification: undefined }));
  const document = () =>
    DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  // A second Db of the same table: another Lambda, with its own memory cache.
  return Object.assign(createDb(document(), name), { otherLambda: () => createDb(document(), name) });
}

const seedOperator = { profileId: 'op-seed', nickname: '運営', email: 'op@example.com' };

describe('the seed from the configuration', () => {
  it('happens once under concurrent first reads of a new table; readers see the configuration before', async () => {
    const fresh = await freshTable();
    // Before: the configuration, nothing stored.
    const before = await readStamps(fresh, true);
    expect(before.map((s) => [s.id, s.cost, s.version])).toEqual(
      businessConfig.chat.stamps.map((s) => [s.id, s.cost, 0]),
    );
    expect(await readCampaign(fresh, R.campaignCode, true)).toMatchObject({
      version: 0,
      endsAt: R.campaignEndsAt,
    });
    expect(await readCampaign(fresh, 'OTHER', true)).toBeNull();

    const operator = seedOperator;
    const lists = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        listStamps(
          { db: fresh, clock: manualClock(new Date(Date.now() + i)) },
          { ...operator, profileId: `op-${i}` },
        ),
      ),
    );
    for (const list of lists)
      expect(list.stamps.map((s) => [s.id, s.version])).toEqual(before.map((s) => [s.id, 1]));
    const { data: entries } = await fresh.entities.audit.query
      .byTarget({ targetId: 'catalog' })
      .go({ pages: 'all' });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'catalog.seed', targetType: 'catalog' });
    expect(await readCampaign(fresh, R.campaignCode, true)).toMatchObject({ version: 1 });
    // The stamp counter is seeded with the configuration's stamps.
    const { data: counts } = await fresh.entities.catalogCounts.get({}).go({ consistent: true });
    expect(counts?.stamps).toBe(businessConfig.chat.stamps.length);
  });
});

describe('the public registration campaign (GET /auth/register/campaign)', () => {
  it('answers anyone the configured code as the table holds it, cacheable', async () => {
    const res = await api('/auth/register/campaign');
    expect(res.status).toBe(200);
    expect(registrationCampaignResponse.safeParse(res.body).success).toBe(true);
    // This file leaves KINOKO60 as configured (other files register with it).
    expect(res.body).toEqual({
      campaign: { rate_percent: Math.round(R.chatCampaignRate * 100), ends_at: R.campaignEndsAt },
    });
    expect(res.headers.get('cache-control')).toBe(`public, max-age=${C.cacheSeconds}`);
    // Answers that are not public stay uncached.
    expect((await api('/auth/register', { body: {} })).headers.get('cache-control')).toBe('no-store');
  });

  it("follows the console's edit and end: at once in the writer's Lambda, within the cache time elsewhere", async () => {
    const fresh = await freshTable();
    const other = fresh.otherLambda();
    const clock = manualClock(new Date());
    const deps = { db: fresh, clock };
    const operator = seedOperator;
    // Before the seed: the configuration.
    expect(await registrationCampaign({ db: other, clock })).toEqual({
      campaign: { rate_percent: Math.round(R.chatCampaignRate * 100), ends_at: R.campaignEndsAt },
    });
    await listStamps(deps, operator);
    expect(await registrationCampaign(deps)).toMatchObject({ campaign: { ends_at: R.campaignEndsAt } });

    const endsAt = new Date(clock.now().getTime() + 30 * 86_400_000).toISOString();
    await updateCampaign(deps, operator, {
      code: R.campaignCode,
      version: 1,
      rate_percent: 75,
      ends_at: endsAt,
    });
    const edited = { campaign: { rate_percent: 75, ends_at: endsAt } };
    // The writer's Lambda forgot what it had read; a fresh reader reads the table.
    expect(await registrationCampaign(deps)).toEqual(edited);
    expect(await registrationCampaign({ db: fresh.otherLambda(), clock })).toEqual(edited);
    // Another Lambda that read before the edit keeps its answer for at most `cacheSeconds`.
    clock.advance(C.cacheSeconds * 1000);
    expect(await registrationCampaign({ db: other, clock })).toEqual(edited);

    await endCampaign(deps, operator, { code: R.campaignCode, version: 2 });
    expect(await registrationCampaign(deps)).toEqual({ campaign: null });
    expect(await registrationCampaign({ db: fresh.otherLambda(), clock })).toEqual({ campaign: null });
    // Its date passing ends it the same way.
    const later = fresh.otherLambda();
    await updateCampaign(deps, operator, {
      code: R.campaignCode,
      version: 3,
      rate_percent: 70,
      ends_at: endsAt,
    });
    expect(await registrationCampaign({ db: later, clock })).toMatchObject({
      campaign: { rate_percent: 70 },
    });
    clock.set(new Date(Date.parse(endsAt)));
    expect(await registrationCampaign({ db: fresh.otherLambda(), clock })).toEqual({ campaign: null });
  });
});

describe('the stamp limit', () => {
  /** Uploads the console processes: every key holds a small PNG; written pictures are kept. */
  async function pictureStore(): Promise<MediaStore> {
    const bytes = await png(96, 96);
    const written = new Set<string>();
    const store: Partial<MediaStore> = {
      stat: async () => ({ size: bytes.length, contentType: 'image/png' }),
      tags: async () => ({}),
      read: async () => bytes,
      write: async (key) => {
        written.add(key);
      },
      delete: async () => undefined,
      deletePrefix: async () => 0,
    };
    return store as MediaStore;
  }

  it('lets exactly the free places through under 20 concurrent creates; the counter stays right', {
    timeout: 120_000,
  }, async () => {
    const fresh = await freshTable();
    const clock = manualClock(new Date());
    const deps = { db: fresh, clock, media: await pictureStore(), scan: 'none' as const };
    const operator = seedOperator;
    await listStamps(deps, operator);
    // Fill the table up to `stampsMax - 3` (straight in the table, with the counter to match).
    const configured = businessConfig.chat.stamps.length;
    const iso = clock.now().toISOString();
    const fill = Array.from({ length: C.stampsMax - 3 - configured }, (_, i) => ({
      stampId: `fill-${i}`,
      nameJa: 'テスト',
      nameEn: 'Test',
      cost: 10,
      order: 100,
      active: true,
      version: 1,
      createdAt: iso,
      updatedAt: iso,
    }));
    await fresh.entities.catalogStamp.put(fill).go();
    await fresh.entities.catalogCounts
      .patch({})
      .set({ stamps: C.stampsMax - 3 })
      .go();
    const create = (id: string) =>
      createStampIn(deps, operator, {
        id,
        name_ja: 'テスト',
        name_en: 'Test',
        cost: 10,
        order: 100,
        picture_upload_key: `uploads/stamp/${operator.profileId}-${id}.png`,
      });
    const count = async () =>
      (await fresh.entities.catalogCounts.get({}).go({ consistent: true })).data?.stamps;
    expect(await count()).toBe(C.stampsMax - 3);

    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => create(`race-${i}`)));
    const made = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as { code?: string }] : []));
    expect(made).toHaveLength(3);
    expect(refused).toHaveLength(17);
    for (const error of refused) expect(error.code).toBe('stamps_full');
    expect(await count()).toBe(C.stampsMax);
    expect(await readStamps(fresh, true)).toHaveLength(C.stampsMax);
    // One audit entry for each stamp made, none for the refused.
    const entries = await Promise.all(
      results.map(async (_, i) => {
        const { data } = await fresh.entities.audit.query.byTarget({ targetId: `race-${i}` }).go();
        return data.filter((e) => e.action === 'stamp.create').length;
      }),
    );
    expect(entries.reduce((a, b) => a + b, 0)).toBe(3);

    // Retiring does not free a place: the limit is on every stamp the table holds.
    const [first] = await readStamps(fresh, true);
    await setStampActiveIn(deps, operator, { id: first?.id ?? '', version: first?.version ?? 0 }, false);
    await expect(create('after-retire')).rejects.toMatchObject({ code: 'stamps_full' });
    expect(await count()).toBe(C.stampsMax);
  });
});
