/**
 * An organization's sales (issue 16): its casts' rewards accrue to it. The ledger writes each sale
 * of a cast into the organization's income (rows keep the cast) and ADDs the cast's share of the
 * month to `CastSalesMonth` shards; the owner reads a month per cast and in total from the shards
 * (two Queries), never from the rows.
 */
import type { OrganizationSalesResponse, SalesFigures } from '@app/shared/schemas/organizations';
import { jstMonth } from '@app/shared/time';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { profilesById } from '../profiles.ts';
import { readOrganization } from './registration.ts';

/** Each cast's figures of one JST month: the sum of its shards. */
export async function castSalesOfMonth(db: Db, organizationId: string, ym: string) {
  const { data } = await db.entities.castSalesMonth.query
    .byOrganization({ organizationId, ym })
    .go({ pages: 'all' });
  const byCast = new Map<string, SalesFigures>();
  for (const s of data) {
    const t = byCast.get(s.castId) ?? { revenue: 0, income: 0, count: 0 };
    byCast.set(s.castId, {
      revenue: t.revenue + (s.revenue ?? 0),
      income: t.income + (s.income ?? 0),
      count: t.count + (s.count ?? 0),
    });
  }
  return byCast;
}

export async function organizationSales(
  deps: { db: Db; clock: Clock },
  owner: ProfileItem,
  month: string | undefined,
): Promise<OrganizationSalesResponse> {
  const { db } = deps;
  const org = await readOrganization(db, owner.profileId);
  if (!org) throw new AppError('organization_not_found');
  const ym = month ?? jstMonth(deps.clock.now());
  const byCast = await castSalesOfMonth(db, org.organizationId, ym);
  const profiles = await profilesById(db, [...byCast.keys()]);
  const casts = [...byCast]
    .map(([castId, f]) => {
      // A removed cast's id names nobody now: its names are null.
      const found = profiles.get(castId);
      const p = found?.organizationId === org.organizationId ? found : undefined;
      return { cast_id: castId, nickname: p?.nickname ?? null, username: p?.username ?? null, ...f };
    })
    .sort((a, b) => b.revenue - a.revenue || a.cast_id.localeCompare(b.cast_id));
  const total = casts.reduce(
    (t, c) => ({ revenue: t.revenue + c.revenue, income: t.income + c.income, count: t.count + c.count }),
    { revenue: 0, income: 0, count: 0 },
  );
  return { month: ym, total, casts };
}
