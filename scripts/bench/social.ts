/**
 * `npm run bench:social`: DynamoDB request units of a like, a favorite, a profile read, search
 * pages and a home read, each next to its floor (`name: N RU (floor F)`, prices and the per-item
 * replay of transactions in scripts/bench/harness.ts; exit status 1 above 1.5 × floor), then the
 * local latency of search (p50, p99) over a directory of 2,000 creators.
 *
 * The 2,000 creators are written straight into DynamoDB Local (profile, username claim and
 * directory document, as the profile update writes them: services/social/directory.ts), with
 * Japanese nicknames, genres, areas and bios; the fan signs in through the LINE stand-in and
 * completes sign-up through the API. Home's recommended item is computed in-process by the job's
 * service, the demo news and banner are those of `npm start` (scripts/seed-home.ts). The stream
 * consumers are paused while requests are metered (what they write is not the request's).
 *
 * Floors (every item at 1 KB; eventual reads 0.5 per 4 KB, single-item writes 1 WCU). Every call
 * checks the session (profile + family, eventual: 1), as in bench:auth.
 * - Like: the session (1), the target's profile (0.5), the blocks either way (two items: 1); the
 *   like put with its condition (1 write) and its two lists, the spec's "liked" and "liked you"
 *   (gsi1, gsi2: 2 index writes): 5.5. Counters, the notice and rankings follow on the stream.
 * - Favorite (set): the session (1), the target (0.5), the blocks either way (1); the favorite put
 *   with its condition (1 write) and its newest-first list (gsi1: 1 index write): 4.5. A set
 *   (`favorite: true`) needs no read of the current state.
 * - Profile read (a fan opens `/@{username}`): the session (1), the username claim and the
 *   profile (1), the counters (0.5), the chat price (0.5), the two supporter rankings (1), the
 *   viewer's like, favorite and blocks either way (2): 6.
 * - Search page of 20 cards, area only: the session (1), the caller's blocks either way (the
 *   caller's two block lists, one Query each: 1), the area index page of 20 documents (20 KB:
 *   2.5), the cards' counters (20 × 0.5): 14.5.
 * - Keyword search page: the same 14.5 with an index on words; the design reads the directory's
 *   filtered shards instead (docs/access-patterns.md Q3/Q4), up to the read budget
 *   (`social.searchReadBudgetBytes`), so its floor adds the documents read for the page: the
 *   directory's size over the shards in 8 KB units, at most the budget. Printed for a common word
 *   (many hits: stops at 20) and a rare one (reads every shard to the end).
 * - Home read: the session (1), the recommended and ranking snapshots and the banner (1.5), the
 *   favorites' newest 8 (0.5) and their cards (8 documents and 8 counters: 8), the news of the
 *   role (0.5): 11.5.
 */
import { businessConfig } from '@app/shared/config';
import { ROLE } from '@app/shared/roles';
import { createDb } from '../../functions/src/db/service.ts';
import { dynamo } from '../../functions/src/lib/aws/dynamo.ts';
import { systemClock } from '../../functions/src/lib/clock.ts';
import { searchDocOf } from '../../functions/src/services/social/directory.ts';
import { computeRecommended } from '../../functions/src/services/social/recommended.ts';
import { authed, lineSignIn } from '../local/actors.ts';
import { seedHome } from '../seed-home.ts';
import type { MeteredCall } from './capacity.ts';
import {
  createHarness,
  exitOnBudget,
  type Floor,
  floorRu,
  fmt,
  type Op,
  type Outcome,
  startBenchCloud,
  summaryLine,
} from './harness.ts';

const RU_RUNS = Number(process.env.BENCH_RU_RUNS ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const CREATORS = Number(process.env.BENCH_CREATORS ?? 2000);
const SEARCH_RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 100);
const S = businessConfig.social;

const cloud = await startBenchCloud();
// Nothing for the consumers while the directory is written (they have nothing to do with it).
cloud.streams.pause();
const harness = await createHarness(cloud.tableName, { ruRuns: RU_RUNS, runs: RUNS });
const db = createDb(dynamo(), cloud.tableName);

async function call(method: 'GET' | 'POST', path: string, token: string, body?: unknown) {
  const res = await fetch(`${cloud.apiUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

// --- The directory: 2,000 creators written directly (profile, username claim, directory document).
const family = [
  '佐藤',
  '鈴木',
  '高橋',
  '田中',
  '伊藤',
  '渡辺',
  '山本',
  '中村',
  '小林',
  '加藤',
  '吉田',
  '山田',
];
const given = [
  'さくら',
  'みお',
  'ゆい',
  'はると',
  'れん',
  'あおい',
  'ひなた',
  'そら',
  'りこ',
  'かいと',
  'めい',
];
const genres = ['アイドル', 'バンド', 'シンガー', 'ダンサー', 'コスプレ', 'イラスト', 'ゲーム実況', 'モデル'];
const bios = [
  '毎日19時ごろにチャットをお返しします。',
  'ギターと作曲をしています。新曲の話をしましょう。',
  '週末は路上ライブをしています。見かけたら声をかけてね。',
  'コスプレと写真が好きです。撮影会の情報も発信します。',
  'ゲーム配信を毎晩しています。おすすめのゲームを教えてください。',
  'カフェ巡りが趣味です。おいしいお店の話をしましょう。',
];
/** Exactly two creators carry this word: a keyword search for it reads every shard to the end. */
const RARE = 'ひみつきち';
const areas = Array.from({ length: 47 }, (_, i) => i + 1);
const start = Date.now() - 365 * 86_400_000;
const creatorIds: string[] = [];
const usernames: string[] = [];
const profiles = [];
const claims = [];
const docs = [];
for (let i = 0; i < CREATORS; i++) {
  const profileId = `bench-creator-${String(i).padStart(5, '0')}`;
  const username = `bc${i.toString(36)}${String(i).padStart(4, '0')}`;
  const createdAt = new Date(start + i * 60_000 * 60).toISOString();
  const profile = {
    profileId,
    roleId: ROLE.CREATOR,
    status: 'active' as const,
    username,
    nickname: `${family[i % family.length]}${given[(i * 7) % given.length]}`,
    genre: genres[i % genres.length] as string,
    bio: `${bios[i % bios.length]}${i === 7 || i === CREATORS - 3 ? `${RARE}で待ってます。` : ''}`,
    area: areas[(i * 13) % areas.length] as number,
    step: 3,
    finalStep: 3,
    createdAt,
    updatedAt: createdAt,
  };
  creatorIds.push(profileId);
  usernames.push(username);
  profiles.push(profile);
  claims.push({ kind: 'username' as const, value: username, profileId });
  docs.push(searchDocOf(profile, createdAt));
}
const t0 = performance.now();
await db.entities.profile.put(profiles).go();
await db.entities.uniqueClaim.put(claims).go();
await db.entities.searchDoc.put(docs).go();
console.log(`seeded ${CREATORS} creators in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

// --- The fan, with setup complete; home's content.
const fanLogin = await lineSignIn(cloud.url, { displayName: 'bench-fan' });
const fan = fanLogin.access_token;
await authed(cloud.url, fan, '/mypage/profile/update', {
  username: 'benchfan',
  nickname: 'ベンチ',
  area: 13,
});
await authed(cloud.url, fan, '/mypage/user', {
  full_name: '佐藤 花子',
  notification_email: 'bench-fan@example.com',
  gender: 'female',
  birth_date: '2000-01-01',
});
for (const id of creatorIds.slice(1000, 1000 + S.homeFavorites))
  await call('POST', '/favorite', fan, { profile_id: id, favorite: true });
await seedHome({ db });
await computeRecommended({ db, clock: systemClock });
// The stream consumers (counters, notices, supporters) work after the request, outside its units:
// caught up now, then paused while requests are metered.
cloud.streams.resume();
await cloud.streams.drain(120_000);
cloud.streams.pause();

const op = <P>(o: Op<P>) => o as unknown as Op<unknown>;
const SEARCH_FLOOR: Floor = { reads: 1 + 1 + 2.5 + 20 * 0.5, items: 0 };
/** Bytes of the whole directory's documents (what a keyword search may read), in 8 KB units. */
const directoryBytes = docs.reduce((s, d) => s + Buffer.byteLength(JSON.stringify(d)), 0);
const scanUnits = Math.min(directoryBytes, S.searchReadBudgetBytes) / 8192;
const search = (body: Record<string, unknown>) => () => call('POST', '/profile', fan, body);

const ops: Op<unknown>[] = [
  op({
    name: 'POST /like (a new like)',
    floor: { reads: 2.5, items: 0, writes: 3 },
    prepare: async (i) => creatorIds[i] as string,
    run: (id: string) => call('POST', '/like', fan, { profile_id: id }),
    check: async (_id, result) => {
      if ((result as { created?: boolean }).created !== true) throw new Error('like not created');
    },
  }),
  op({
    name: 'POST /favorite (set)',
    floor: { reads: 2.5, items: 0, writes: 2 },
    prepare: async (i) => creatorIds[500 + i] as string,
    run: (id: string) => call('POST', '/favorite', fan, { profile_id: id, favorite: true }),
  }),
  op({
    name: 'GET /profile/{username} (a fan reads a creator)',
    floor: { reads: 6, items: 0 },
    prepare: async (i) => usernames[1500 + i] as string,
    run: (username: string) => call('GET', `/profile/${username}`, fan),
  }),
  op({
    name: 'POST /profile search page (area)',
    floor: SEARCH_FLOOR,
    prepare: async () => undefined,
    run: search({ area: 13 }),
  }),
  op({
    name: 'POST /profile search page (keyword, common word)',
    floor: { reads: SEARCH_FLOOR.reads + scanUnits, items: 0 },
    prepare: async () => undefined,
    run: search({ keyword: 'ギター' }),
  }),
  op({
    name: 'POST /profile search page (keyword, rare word)',
    floor: { reads: SEARCH_FLOOR.reads + scanUnits, items: 0 },
    prepare: async () => undefined,
    run: search({ keyword: RARE }),
  }),
  op({
    name: 'GET /home (fan with 8 favorites)',
    floor: { reads: 11.5, items: 0 },
    prepare: async () => undefined,
    run: () => call('GET', '/home', fan),
  }),
];

const outcomes: Outcome[] = [];
for (const o of ops) outcomes.push(await harness.bench(o));

// --- Search latency over the directory (local: DynamoDB Local and the handler in one process).
async function latency(name: string, body: Record<string, unknown>) {
  const ms: number[] = [];
  let hits = 0;
  for (let i = 0; i < SEARCH_RUNS; i++) {
    const t = performance.now();
    const out = (await call('POST', '/profile', fan, body)) as { profiles: unknown[] };
    ms.push(performance.now() - t);
    hits = out.profiles.length;
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => (ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0).toFixed(1);
  return `search ${name} over ${CREATORS} creators (${hits} on the page): p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`;
}
const latencies = [
  await latency('area', { area: 13 }),
  await latency('keyword, common word', { keyword: 'ギター' }),
  await latency('keyword + area', { keyword: 'ギター', area: 13 }),
  await latency('keyword, rare word', { keyword: RARE }),
];

/**
 * DynamoDB Local reports no capacity for BatchGetItem and none for a Query that finds nothing;
 * DynamoDB charges every key of a BatchGetItem (0.5 eventual per item up to 4 KB, found or not) and
 * at least 0.5 for a Query. Those are added here, and shown in the breakdown.
 */
function unreported(call: MeteredCall): number {
  const reported = call.capacity.reduce((n, c) => n + (c.CapacityUnits ?? 0), 0);
  if (reported > 0) return 0;
  if (call.command === 'BatchGetItemCommand') {
    const tables = Object.values((call.input.RequestItems ?? {}) as Record<string, { Keys?: unknown[] }>);
    return tables.reduce((n, t) => n + 0.5 * (t.Keys?.length ?? 0), 0);
  }
  return call.command === 'QueryCommand' ? 0.5 : 0;
}
const added = (o: Outcome) => o.calls.reduce((n, c) => n + unreported(c), 0);

console.log(
  `bench:social (${RU_RUNS} runs with the per-item replay, ${RUNS} more for latency; DynamoDB Local; ` +
    `directory of ${CREATORS} creators, ${(directoryBytes / 1024).toFixed(0)} KB of documents)`,
);
for (const o of outcomes) console.log(summaryLine(o.name, o.ru + added(o), floorRu(o.floor)));
console.log('');
for (const line of latencies) console.log(line);
console.log('\n--- reads DynamoDB Local did not report (BatchGetItem keys, empty Queries), added above ---');
for (const o of outcomes) {
  const parts = o.calls
    .filter((c) => unreported(c) > 0)
    .map((c) => `${c.command.replace(/Command$/, '')} ${fmt(unreported(c))}`);
  console.log(`${o.name}: +${fmt(added(o))}${parts.length ? ` (${parts.join(', ')})` : ''}`);
}
harness.printBreakdown(outcomes);
await cloud.stop();
exitOnBudget();
