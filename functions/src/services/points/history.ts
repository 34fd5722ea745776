/** Point history (`GET /mypage/points`) and original points by issuer (`GET /mypage/original-points`). */
import { businessConfig } from '@app/shared/config';
import { isLive } from '@app/shared/ledger';
import type {
  OriginalPointsResponse,
  PointHistoryResponse,
  PointKind,
  PointLogDetail,
  PointLogType,
} from '@app/shared/schemas/points';
import type { Db } from '../../db/service.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { profilesById } from '../profiles.ts';
import { balanceFor } from './balance.ts';
import { lotState, readLots } from './ledger.ts';

export interface HistoryDeps {
  db: Db;
  clock: Clock;
}

const CURSOR_RE = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export async function pointHistory(
  deps: HistoryDeps,
  holderId: string,
  query: { cursor?: string | undefined; type?: PointLogType | undefined },
): Promise<PointHistoryResponse> {
  const size = businessConfig.points.historyPageSize;
  // The cursor is a log id this route sealed for this holder (lib/http.ts checked the seal).
  const cursor = query.cursor;
  if (cursor !== undefined && !CURSOR_RE.test(cursor)) throw new AppError('cursor_invalid');
  const base = deps.db.entities.pointLog.query.byHolder({ holderId });
  const ranged = cursor ? base.lt({ logId: cursor }) : base;
  const filtered = query.type ? ranged.where((a, op) => op.eq(a.type, query.type as number)) : ranged;
  // A filter may thin a page out: read on until the page is full or the history ends.
  type Page = Awaited<ReturnType<typeof filtered.go>>;
  const rows: Page['data'] = [];
  let next: string | null = null;
  let more = true;
  while (rows.length < size && more) {
    const page: Page = await filtered.go({
      order: 'desc',
      limit: size - rows.length,
      ...(next ? { cursor: next } : {}),
    });
    rows.push(...page.data);
    next = page.cursor;
    more = Boolean(page.cursor);
  }
  const [balance, people] = await Promise.all([
    balanceFor(deps.db, holderId, deps.clock.now()),
    profilesById(
      deps.db,
      rows.flatMap((r) => (r.counterpartyId ? [r.counterpartyId] : [])),
    ),
  ]);
  const last = rows.at(-1);
  return {
    balance,
    logs: rows.map((r) => {
      const who = r.counterpartyId ? people.get(r.counterpartyId) : undefined;
      return {
        id: r.logId,
        type: r.type as PointLogType,
        detail: r.detail as PointLogDetail,
        points: r.points,
        parts: r.parts.map((p) => ({
          kind: p.kind as PointKind,
          issuer_id: p.issuerId ?? null,
          points: p.points,
        })),
        counterparty: r.counterpartyId
          ? { id: r.counterpartyId, username: who?.username ?? null, nickname: who?.nickname ?? null }
          : null,
        yen: r.yen ?? null,
        created_at: r.createdAt,
      };
    }),
    next_cursor: rows.length === size && more && last ? last.logId : null,
  };
}

export async function originalPoints(deps: HistoryDeps, holderId: string): Promise<OriginalPointsResponse> {
  const now = deps.clock.now();
  const lots = (await readLots(deps.db, holderId, false))
    .filter((l) => l.kind === 'original' && isLive(lotState(l), now))
    .sort((a, b) => (a.expiresAt < b.expiresAt ? -1 : 1));
  const byIssuer = new Map<string, { points: number; nearest: string }>();
  for (const lot of lots) {
    const id = lot.issuerId ?? '';
    const entry = byIssuer.get(id);
    if (entry) entry.points += lot.balance;
    else byIssuer.set(id, { points: lot.balance, nearest: lot.expiresAt });
  }
  const people = await profilesById(deps.db, [...byIssuer.keys()]);
  return {
    issuers: [...byIssuer].map(([id, { points, nearest }]) => {
      const p = people.get(id);
      return {
        issuer: {
          id,
          username: p?.username ?? null,
          nickname: p?.nickname ?? null,
          profile_image: p?.profileImage ?? null,
        },
        points,
        nearest_expires_at: nearest,
      };
    }),
  };
}
