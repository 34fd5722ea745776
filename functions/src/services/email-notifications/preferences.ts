/**
 * The caller's e-mail notifications (`GET/POST /notification/email`) and the unsubscribe link's
 * endpoints (guest, with the signed token). The choice lives on the kind's digest item
 * (db/entities/mail-digest.ts): turning a kind off also drops a pending digest from the due index.
 */
import type { Language } from '@app/shared/config';
import { businessConfig } from '@app/shared/config';
import { creatorMailKinds, fanMailKinds, type MailKind } from '@app/shared/mail-kinds';
import { ROLE } from '@app/shared/roles';
import type { EmailPreferencesResponse, UnsubscribeInfoResponse } from '@app/shared/schemas/notification';
import { isConditionFailure } from '../../db/errors.ts';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import { shardOf } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { openUnsubscribeToken } from './unsubscribe-token.ts';

export interface PreferenceDeps {
  db: Db;
  clock: Clock;
}

/** The kinds a role receives: creators the reply digest; fans and owners (who pay in chat) theirs. */
export function kindsOf(roleId: number): readonly MailKind[] {
  if (roleId === ROLE.CREATOR) return creatorMailKinds;
  if (roleId === ROLE.FAN || roleId === ROLE.USER) return fanMailKinds;
  return [];
}

/** A kind nobody chose yet: creators' reply digest is on, fans' kinds are off until chosen. */
export const defaultEnabled = (kind: MailKind): boolean => kind === 'replies';

export const isEnabled = (kind: MailKind, enabled: boolean | undefined): boolean =>
  enabled ?? defaultEnabled(kind);

export const dueShardOf = (profileId: string): string => shardOf(profileId, businessConfig.mail.dueShards);

export interface MailAddress {
  email: string | null;
  confirmed: boolean;
}

/** Where a person's notification mail goes: the account e-mail, or a fan's notification e-mail (confirmed only). */
export async function mailAddressOf(db: Db, profile: Pick<ProfileItem, 'profileId' | 'roleId' | 'email'>) {
  if (profile.roleId !== ROLE.FAN) {
    return { email: profile.email ?? null, confirmed: profile.email !== undefined } satisfies MailAddress;
  }
  const { data } = await db.entities.userInfo.get({ profileId: profile.profileId }).go();
  return {
    email: data?.notificationEmail ?? null,
    confirmed: data?.notificationEmailVerified === true,
  } satisfies MailAddress;
}

async function digestsOf(db: Db, profileId: string) {
  const { data } = await db.entities.mailDigest.query.byProfile({ profileId }).go();
  return new Map(data.map((d) => [d.kind, d]));
}

export async function getEmailPreferences(
  deps: PreferenceDeps,
  caller: ProfileItem,
): Promise<EmailPreferencesResponse> {
  const [digests, address] = await Promise.all([
    digestsOf(deps.db, caller.profileId),
    mailAddressOf(deps.db, caller),
  ]);
  return {
    kinds: kindsOf(caller.roleId).map((kind) => ({
      kind,
      enabled: isEnabled(kind, digests.get(kind)?.enabled),
    })),
    email: address.email,
    email_confirmed: address.confirmed,
  };
}

/** Writes the choice (and the language the mail is written in); off drops a pending digest. */
async function writeChoice(
  deps: PreferenceDeps,
  profileId: string,
  kind: MailKind,
  enabled: boolean,
  lang: Language | undefined,
): Promise<void> {
  const { data } = await deps.db.entities.mailDigest
    .update({ profileId, kind })
    .set({ enabled, updatedAt: deps.clock.now().toISOString(), ...(lang ? { lang } : {}) })
    .go({ response: 'all_new' });
  // Off: a pending digest leaves the due index (marks need `enabled` now, so none comes back).
  if (!enabled && data?.dueAt) {
    await deps.db.entities.mailDigest
      .patch({ profileId, kind })
      .composite({ dueShard: dueShardOf(profileId) })
      .remove(['dueAt'])
      .where((a, op) => op.eq(a.enabled, false))
      .go()
      .catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      });
  }
}

/** `POST /notification/email`: one kind on or off, for a kind of the caller's role. */
export async function setEmailPreference(
  deps: PreferenceDeps,
  caller: ProfileItem,
  kind: MailKind,
  enabled: boolean,
  lang: Language,
): Promise<EmailPreferencesResponse> {
  if (!kindsOf(caller.roleId).includes(kind)) throw new AppError('mail_kind_not_allowed');
  if (enabled) {
    const address = await mailAddressOf(deps.db, caller);
    if (!address.email || !address.confirmed) throw new AppError('notification_email_unconfirmed');
  }
  await writeChoice(deps, caller.profileId, kind, enabled, lang);
  return getEmailPreferences(deps, caller);
}

export interface UnsubscribeDeps extends PreferenceDeps {
  authSecret: string;
}

/** `GET /notification/unsubscribe?token=`: what the link turns off (the page asks before it does). */
export async function unsubscribeInfo(
  deps: UnsubscribeDeps,
  token: string,
): Promise<UnsubscribeInfoResponse> {
  const { profileId, kind } = openUnsubscribeToken(deps.authSecret, token);
  const { data } = await deps.db.entities.mailDigest.get({ profileId, kind }).go();
  return { kind, enabled: isEnabled(kind, data?.enabled) };
}

/**
 * `POST /notification/unsubscribe` (the page) and its one-click form (RFC 8058): turns the
 * token's kind off. A person who left the product has nothing to turn off: the answer is the same.
 */
export async function unsubscribe(deps: UnsubscribeDeps, token: string): Promise<UnsubscribeInfoResponse> {
  const { profileId, kind } = openUnsubscribeToken(deps.authSecret, token);
  const { data: profile } = await deps.db.entities.profile.get({ profileId }).go();
  if (profile) await writeChoice(deps, profileId, kind, false, undefined);
  return { kind, enabled: false };
}
