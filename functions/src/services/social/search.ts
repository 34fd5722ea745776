/**
 * `POST /profile/` (docs/access-patterns.md Q1-Q4): creators by keyword and/or area, 20 a page, in
 * one round trip for the screen.
 *  - Q1 a keyword that is a username: that creator first (GetItem of the claim, then the document).
 *  - Q2 area only: gsi2 `area#<a>` newest first, Limit 20.
 *  - Q3 area + keyword: the same Query filtered by `contains(searchText, kw)`, page after page until
 *    20 hits or the read budget (`social.searchReadBudgetBytes`) is spent.
 *  - Q4 keyword only: that filtered Query on every write shard (gsi3 `creators#<s>`) in parallel,
 *    merged newest first; the budget is shared by the shards.
 * The position handed back (sealed by lib/http.ts) is the index sort key (`<createdAt>#<id>`) to go
 * on below, with the conditions it belongs to: another search's cursor is refused. The caller and
 * creators blocked either way are left out of the page (a page may then hold fewer than 20).
 */
import { businessConfig } from '@app/shared/config';
import type { SearchRequest, SearchResponse } from '@app/shared/schemas/social';
import { normalizeSearchText } from '@app/shared/search-text';
import { USERNAME_RE } from '@app/shared/validation';
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../../db/service.ts';
import { AppError } from '../../lib/errors.ts';
import { cardsOfDocs, type SearchDocItem } from './cards.ts';
import { directoryShards } from './directory.ts';
import { blockedEitherWay } from './relations.ts';

const S = businessConfig.social;

export interface SearchDeps {
  db: Db;
  siteUrl: string;
  client: { send: (command: QueryCommand) => Promise<unknown> };
}

/** Where the next page starts: below `p` (an index sort key), for these conditions. */
interface Position {
  q: string;
  a: number | null;
  p: string;
}

const sortKey = (d: SearchDocItem) => `${d.createdAt}#${d.profileId}`;

function openPosition(raw: string | undefined, q: string, a: number | null): string | undefined {
  if (raw === undefined) return undefined;
  let pos: Position;
  try {
    pos = JSON.parse(raw) as Position;
  } catch {
    throw new AppError('cursor_invalid', 'search cursor is not a position');
  }
  if (pos.q !== q || pos.a !== a || typeof pos.p !== 'string') {
    throw new AppError('cursor_invalid', 'search cursor of other conditions');
  }
  return pos.p;
}

/** Bytes a Query page read: its consumed capacity (eventual: 8 KB a unit), at least 1 KB an item read. */
function bytesRead(out: { ConsumedCapacity?: { CapacityUnits?: number }; ScannedCount?: number }): number {
  return Math.max((out.ConsumedCapacity?.CapacityUnits ?? 0) * 8192, (out.ScannedCount ?? 0) * 1024);
}

export interface Scan {
  hits: SearchDocItem[];
  /** The sort key of the last item read when the index was not read to its end (null = the end). */
  frontier: string | null;
  bytes: number;
}

/**
 * Reads one index partition newest first below `below`: filtered by `keyword` page after page until
 * `want` hits, its end, or `budget` bytes; unfiltered, one page of `want`.
 */
async function scanPartition(
  deps: SearchDeps,
  query: (below: string | undefined) => DirectoryQuery,
  below: string | undefined,
  keyword: string | null,
  want: number,
  budget: number,
): Promise<Scan> {
  const hits: SearchDocItem[] = [];
  let bytes = 0;
  let start: Record<string, unknown> | undefined;
  for (;;) {
    const params = query(below).params({
      order: 'desc',
      limit: keyword ? S.searchPageItems : want,
    }) as QueryCommandInput;
    const out = (await deps.client.send(
      new QueryCommand({
        ...params,
        ...(start ? { ExclusiveStartKey: start } : {}),
        ReturnConsumedCapacity: 'TOTAL',
      }),
    )) as {
      Items?: Record<string, unknown>[];
      LastEvaluatedKey?: Record<string, unknown>;
      ConsumedCapacity?: { CapacityUnits?: number };
      ScannedCount?: number;
    };
    bytes += bytesRead(out);
    const { data } = deps.db.entities.searchDoc.parse({ Items: out.Items ?? [] });
    hits.push(...data);
    start = out.LastEvaluatedKey;
    if (!start) return { hits, frontier: null, bytes };
    if (hits.length >= want || bytes >= budget) {
      const last = start as { gsi2sk?: string; gsi3sk?: string };
      return { hits, frontier: String(last.gsi3sk ?? last.gsi2sk), bytes };
    }
  }
}

/**
 * The page of a partition set: every hit down to the highest frontier of an unfinished partition is
 * known, so the newest `want` of those are the page; the next one starts below its last card, or
 * below that frontier when the page is short.
 */
export function mergePage(scans: Scan[], want: number): { docs: SearchDocItem[]; next: string | null } {
  const frontiers = scans.map((s) => s.frontier).filter((f): f is string => f !== null);
  const frontier = frontiers.sort().at(-1) ?? null;
  const known = scans
    .flatMap((s) => s.hits)
    .filter((d) => frontier === null || sortKey(d) >= frontier)
    .sort((x, y) => (sortKey(x) < sortKey(y) ? 1 : -1));
  if (known.length > want)
    return { docs: known.slice(0, want), next: sortKey(known[want - 1] as SearchDocItem) };
  return { docs: known, next: frontier };
}

/** The listed creator whose username is exactly the keyword (Q1), or null. */
async function exactUsername(db: Db, keyword: string, area: number | null): Promise<SearchDocItem | null> {
  if (!USERNAME_RE.test(keyword)) return null;
  const { data: claim } = await db.entities.uniqueClaim.get({ kind: 'username', value: keyword }).go();
  if (!claim) return null;
  const { data: doc } = await db.entities.searchDoc.get({ profileId: claim.profileId }).go();
  if (!doc || (area !== null && doc.area !== area)) return null;
  return doc;
}

export async function searchCreators(
  deps: SearchDeps,
  me: string,
  req: SearchRequest,
  cursor: string | undefined,
): Promise<SearchResponse> {
  const { db } = deps;
  const keyword = normalizeSearchText(req.keyword ?? '') || null;
  const area = req.area ?? null;
  if (keyword === null && area === null) throw new AppError('bad_request', 'no search condition');
  const below = openPosition(cursor, keyword ?? '', area);
  const want = S.pageSize;
  const search = (q: DirectoryQuery) => (b: string | undefined) => {
    const ranged = b ? keyBelow(q, b) : q;
    return keyword ? ranged.where((a, op) => op.contains(a.searchText, keyword)) : ranged;
  };

  // Read alongside the page (it does not depend on it): the creators blocked either way.
  const blockedRead = blockedEitherWay(db, me);
  const [exact, page] = await Promise.all([
    // Q1, on the first page only (a creator whose username is the keyword, shown first).
    below === undefined && keyword ? exactUsername(db, keyword, area) : Promise.resolve(null),
    area !== null
      ? // Q2 (no keyword: one page) and Q3 (filtered, page after page within the budget).
        scanPartition(
          deps,
          search(db.entities.searchDoc.query.byArea({ area }) as unknown as DirectoryQuery),
          below,
          keyword,
          want + 1,
          S.searchReadBudgetBytes,
        ).then((scan) => mergePage([scan], want))
      : // Q4: every shard at once, the budget shared.
        Promise.all(
          directoryShards().map((shard) =>
            scanPartition(
              deps,
              search(db.entities.searchDoc.query.byShard({ shard }) as unknown as DirectoryQuery),
              below,
              keyword,
              want + 1,
              S.searchReadBudgetBytes / S.directoryShards,
            ),
          ),
        ).then((scans) => mergePage(scans, want)),
  ]);

  const docs = [...(exact ? [exact] : []), ...page.docs.filter((d) => d.profileId !== exact?.profileId)];
  const blocked = await blockedRead;
  const shown = docs.filter((d) => d.profileId !== me && !blocked.has(d.profileId));
  return {
    profiles: await cardsOfDocs(deps.db, shown),
    next_cursor: page.next
      ? JSON.stringify({ q: keyword ?? '', a: area, p: page.next } satisfies Position)
      : null,
  };
}

/**
 * The part of an ElectroDB query chain the search uses (byArea and byShard have the same sort key
 * composite), typed once here rather than per index.
 */
interface DirectoryQuery {
  lt(sk: { createdAt: string; profileId: string }): DirectoryQuery;
  where(
    fn: (attr: { searchText: unknown }, op: { contains: (attr: unknown, value: string) => string }) => string,
  ): DirectoryQuery;
  params(options: object): unknown;
}

/** The partition's Query below a sort key `<createdAt>#<profileId>`. */
function keyBelow(q: DirectoryQuery, position: string): DirectoryQuery {
  const at = position.lastIndexOf('#');
  if (at < 0) throw new AppError('cursor_invalid', 'search cursor is not a position');
  return q.lt({ createdAt: position.slice(0, at), profileId: position.slice(at + 1) });
}
