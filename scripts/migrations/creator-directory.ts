/**
 * Backfill of issue 11: every creator who finished sign-up before the directory existed gets their
 * directory entry (`profile#<id>`/`search`); a suspended or unfinished one has none. Each entry is
 * written in a transaction with a ConditionCheck of the profile's `updatedAt` as read, so a profile
 * changed meanwhile (whose own write already put the entry in step) is read again instead of being
 * overwritten with stale fields. Idempotent: a second run rewrites the same documents.
 *
 *   tsx scripts/migrations/creator-directory.ts <table name>
 *   (AWS credentials and region from the environment)
 */

import { ROLE } from '@app/shared/roles';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDb, type Db } from '../../functions/src/db/service.ts';
import type { ProfileItem } from '../../functions/src/lib/auth.ts';
import { directoryCommits } from '../../functions/src/services/social/directory.ts';

export async function backfillDirectory(
  db: Db,
  now = () => new Date(),
): Promise<{ listed: number; unlisted: number }> {
  const counts = { listed: 0, unlisted: 0 };
  const { data: creators } = await db.entities.profile.scan
    .where((attr, op) => op.eq(attr.roleId, ROLE.CREATOR as number))
    .go({ pages: 'all' });
  for (const found of creators) {
    let profile: ProfileItem | null = found;
    for (let attempt = 1; profile && attempt <= 5; attempt++) {
      const read: ProfileItem = profile;
      const at = now().toISOString();
      const result = await db.transaction
        .write(({ profile: p, searchDoc }) => [
          p
            .check({ profileId: read.profileId })
            .where((attr, op) => op.eq(attr.updatedAt, read.updatedAt))
            .commit(),
          ...directoryCommits({ searchDoc }, read, at),
        ])
        .go();
      if (!result.canceled) {
        if (read.status === 'active' && read.finalStep >= 3) counts.listed += 1;
        else counts.unlisted += 1;
        break;
      }
      // Changed (or gone) meanwhile: read it again.
      profile = (await db.entities.profile.get({ profileId: read.profileId }).go({ consistent: true })).data;
    }
  }
  return counts;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const table = process.argv[2];
  if (!table) {
    console.error('usage: tsx scripts/migrations/creator-directory.ts <table name>');
    process.exit(2);
  }
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  const counts = await backfillDirectory(createDb(doc, table));
  console.log(`creator directory: ${counts.listed} listed, ${counts.unlisted} not listed`);
}
