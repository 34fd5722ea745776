/**
 * The creator's fan club settings (`GET`/`POST /fanclub/setting`): name, description, benefits,
 * monthly price (points) and open or closed to new members (renewals go on either way).
 *
 * The first save creates the Fanclub item (`attribute_not_exists`, members 0); every later save
 * is a patch of the form's fields only (`attribute_exists`). `members` is never written here: the
 * membership core's join and end transactions move it concurrently, so a settings save may not
 * read it and put it back.
 */
import { ROLE } from '@app/shared/roles';
import type {
  FanclubSettingRequest,
  FanclubSettingResponse,
  FanclubSettingView,
} from '@app/shared/schemas/fanclub';
import { isConditionFailure } from '../../db/errors.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import type { FanclubDeps } from './deps.ts';
import type { FanclubRecord } from './views.ts';

/** Only a creator has a fan club: shop/organization owners and admins pass the route, not this. */
export function ownFanclubOf(me: ProfileItem): string {
  if (me.roleId !== ROLE.CREATOR) throw new AppError('forbidden');
  return me.profileId;
}

export function fanclubSettingOf(f: FanclubRecord): FanclubSettingView {
  return {
    name: f.name,
    description: f.description,
    benefits: f.benefits,
    price: f.price,
    is_open: f.isOpen,
    members: f.members,
    created_at: f.createdAt,
    updated_at: f.updatedAt,
  };
}

/** `GET /fanclub/setting`: the caller's fan club, or null before the first save. */
export async function getFanclubSetting(deps: FanclubDeps, me: ProfileItem): Promise<FanclubSettingResponse> {
  const creatorId = ownFanclubOf(me);
  const { data } = await deps.db.entities.fanclub.get({ creatorId }).go({ consistent: true });
  return { fanclub: data ? fanclubSettingOf(data) : null };
}

/** `POST /fanclub/setting`: creates the fan club on the first save, else patches the form's fields. */
export async function saveFanclubSetting(
  deps: FanclubDeps,
  me: ProfileItem,
  body: FanclubSettingRequest,
): Promise<FanclubSettingResponse> {
  const creatorId = ownFanclubOf(me);
  const now = deps.clock.now().toISOString();
  const fields = {
    name: body.name,
    description: body.description,
    benefits: body.benefits,
    price: body.price,
    isOpen: body.is_open,
    updatedAt: now,
  };
  const fanclub = deps.db.entities.fanclub;
  try {
    const { data } = await fanclub.create({ creatorId, ...fields, members: 0, createdAt: now }).go();
    return { fanclub: fanclubSettingOf(data) };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  // It exists: only the edited fields (`members` stays whatever the memberships made it).
  const { data } = await fanclub.patch({ creatorId }).set(fields).go({ response: 'all_new' });
  return { fanclub: fanclubSettingOf(data as FanclubRecord) };
}
