/**
 * The operators (role 3) as the console names them: the report assignment's picker, and the name a
 * report keeps of its assignee. A module of its own, so the picker's handler carries no more.
 */
import { businessConfig } from '@app/shared/config';
import type { OperatorListResponse } from '@app/shared/schemas/admin-reports';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';

/** An operator's name on reports and in the picker: the nickname, else the e-mail. */
export const operatorName = (p: Pick<ProfileItem, 'profileId' | 'nickname' | 'email'>): string =>
  p.nickname || p.email || p.profileId;

/**
 * Every operator, by name (the assignment's picker): one Query of the sparse gsi1 `role#3` (only
 * operators' profiles carry it; docs/access-patterns.md AR9). Operators are a handful, so all pages.
 */
export async function listOperators(db: Db): Promise<OperatorListResponse> {
  const { data } = await db.entities.profile.query
    .byRole({ roleId: businessConfig.roles.ADMIN })
    .go({ pages: 'all', attributes: ['profileId', 'nickname', 'email'] });
  const operators = data.map((p) => ({ id: p.profileId, name: operatorName(p) }));
  return { operators: operators.sort((a, b) => a.name.localeCompare(b.name, 'ja')) };
}
