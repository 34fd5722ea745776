/**
 * Leaving the product: every item of the profile is deleted, irreversibly. Unpaid creator
 * rewards are forfeited with it (DECISIONS.md). Later features add their own items here.
 */
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/service.ts';
import type { ProfileItem } from '../lib/auth.ts';
import { AppError } from '../lib/errors.ts';
import { closeRoomsOf } from './chat/leave.ts';
import { removeMembershipsOf } from './fanclub/membership.ts';
import { expiryMarkerKeysOf } from './points/expiry.ts';
import { type EndSessionDeps, endAllSessions, sessionFamiliesOf } from './sessions.ts';
import { profileCodeKey } from './verification-codes.ts';

export interface LeaveDeps extends EndSessionDeps {
  db: Db;
  tableName: string;
  client: { send: (command: QueryCommand | BatchWriteCommand) => Promise<unknown> };
}

type Key = { pk: string; sk: string };

/** Every item of a partition; `last` (the profile item) is moved to the end. */
async function keysOfPartition(deps: LeaveDeps, pk: string, last?: Key): Promise<Key[]> {
  const keys: Key[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = (await deps.client.send(
      new QueryCommand({
        TableName: deps.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey: start,
      }),
    )) as { Items?: Key[]; LastEvaluatedKey?: Record<string, unknown> };
    keys.push(...(out.Items ?? []).filter((k) => k.sk !== last?.sk));
    start = out.LastEvaluatedKey;
  } while (start);
  return last ? [...keys, last] : keys;
}

async function deleteKeys(deps: LeaveDeps, keys: Key[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 25) {
    let requests = keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    // Retry what DynamoDB hands back unprocessed until nothing is left.
    for (let attempt = 0; requests.length > 0; attempt++) {
      const out = (await deps.client.send(
        new BatchWriteCommand({ RequestItems: { [deps.tableName]: requests } }),
      )) as { UnprocessedItems?: Record<string, typeof requests> };
      requests = out.UnprocessedItems?.[deps.tableName] ?? [];
      if (requests.length) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
    }
  }
}

export async function deleteProfileData(deps: LeaveDeps, profile: ProfileItem): Promise<void> {
  const { db } = deps;
  // An owner leaves once its casts are removed (their rewards are the organization's).
  const { data: org } = await db.entities.organization
    .get({ organizationId: profile.profileId })
    .go({ consistent: true });
  if (org && org.castCount > 0) throw new AppError('organization_has_casts');
  // First every session ends (tokens refused, sockets closed) and the creator leaves the
  // directory (search, discovery), then the data goes.
  await Promise.all([
    endAllSessions(deps, profile.profileId),
    db.entities.searchDoc.delete({ profileId: profile.profileId }).go(),
  ]);
  const [families, legacyTokens, connections, userInfo, expiryMarkers] = await Promise.all([
    sessionFamiliesOf(db, profile.profileId),
    db.entities.legacyRefreshToken.query
      .byProfile({ profileId: profile.profileId })
      .go({ pages: 'all', ignoreOwnership: true }),
    db.entities.connection.query.byProfile({ profileId: profile.profileId }).go({ pages: 'all' }),
    db.entities.userInfo.get({ profileId: profile.profileId }).go({ consistent: true }),
    expiryMarkerKeysOf(db, profile.profileId),
  ]);
  const keyOf = (params: { Key?: Record<string, unknown> }) => params.Key as Key;
  const claims = [
    profile.email && { kind: 'email' as const, value: profile.email },
    profile.username && { kind: 'username' as const, value: profile.username.toLowerCase() },
    profile.lineUserId && { kind: 'line' as const, value: profile.lineUserId },
    userInfo.data?.notificationEmailVerified && {
      kind: 'notify-email' as const,
      value: userInfo.data.notificationEmail,
    },
  ].filter((c) => !!c);
  // Chat: the peers' rows close first, then the rooms go with everything in them. Fan club
  // memberships leave their fan clubs' counts first; they and the passes go with `member#`.
  const chatrooms = await closeRoomsOf(db, profile.profileId);
  await removeMembershipsOf(deps, profile.profileId);
  const keys: Key[] = [
    ...claims.map((c) => keyOf(db.entities.uniqueClaim.delete(c).params())),
    // A code sent to confirm the notification e-mail is bound to the profile.
    ...(userInfo.data
      ? [
          keyOf(
            db.entities.verification
              .delete({
                purpose: 'notify-email',
                email: profileCodeKey(profile.profileId, userInfo.data.notificationEmail),
              })
              .params(),
          ),
        ]
      : []),
    // A code sent to change the bank details is bound to the profile and its login e-mail.
    ...(profile.email
      ? [
          keyOf(
            db.entities.verification
              .delete({ purpose: 'bank-change', email: profileCodeKey(profile.profileId, profile.email) })
              .params(),
          ),
        ]
      : []),
    // The sessions. Their refresh tokens name the family only: refused without it, they go by TTL
    // (30 days); legacy tokens, which name the profile too, are listed and deleted.
    ...families.map((familyId) => keyOf(db.entities.tokenFamily.delete({ familyId }).params())),
    ...legacyTokens.data.map((t) =>
      keyOf(db.entities.refreshToken.delete({ tokenHash: t.tokenHash }).params()),
    ),
    ...connections.data.map((c) =>
      keyOf(db.entities.connection.delete({ connectionId: c.connectionId }).params()),
    ),
    // Points (the lots' expiry markers with the lots; a marker of lots already spent holds
    // the id only, and goes when the expiry job reaches its date) and purchase caps; unpaid creator income is forfeited (DECISIONS.md). Journal and
    // payment items stay for accounting, with the profile id only.
    ...expiryMarkers,
    // …and the e-mail notification choices and digests (`mail#`, issue 15).
    ...(
      await Promise.all(
        // …and an owner's organization (`org#`, issue 16: its casts are gone by now).
        ['lots', 'pointlog', 'cap', 'income', 'member', 'mail', 'org'].map((prefix) =>
          keysOfPartition(deps, `${prefix}#${profile.profileId}`),
        ),
      )
    ).flat(),
    // Chat: the rooms (room item, messages, replay keys), my rows, my blocks, my notices.
    ...(
      await Promise.all([
        ...chatrooms.map((id) => keysOfPartition(deps, `chatroom#${id}`)),
        ...['rooms', 'blocks', 'notices'].map((prefix) =>
          keysOfPartition(deps, `${prefix}#${profile.profileId}`),
        ),
      ])
    ).flat(),
    // The profile item last, so a failure midway leaves a profile that can leave again.
    ...(await keysOfPartition(
      deps,
      `profile#${profile.profileId}`,
      keyOf(db.entities.profile.delete({ profileId: profile.profileId }).params()),
    )),
  ];
  await deleteKeys(deps, keys);
}
