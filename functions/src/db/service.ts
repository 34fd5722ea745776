import { Service } from 'electrodb';
import { dynamo } from '../lib/aws.ts';
import { env } from '../lib/env.ts';
import { BankAccount } from './entities/bank-account.ts';
import { Connection } from './entities/connection.ts';
import { Profile } from './entities/profile.ts';
import { RefreshToken, TokenFamily } from './entities/refresh-token.ts';
import { UniqueClaim } from './entities/unique-claim.ts';
import { UserInfo } from './entities/user-info.ts';
import { Verification } from './entities/verification.ts';

const entities = {
  profile: Profile,
  userInfo: UserInfo,
  bankAccount: BankAccount,
  uniqueClaim: UniqueClaim,
  verification: Verification,
  refreshToken: RefreshToken,
  tokenFamily: TokenFamily,
  connection: Connection,
};

export function createDb(client = dynamo(), table = env().TABLE_NAME) {
  return new Service(entities, { client, table });
}

export type Db = ReturnType<typeof createDb>;

let db: Db | undefined;

/** The service bound to the module-level client and TABLE_NAME, created once per cold start. */
export function getDb(): Db {
  db ??= createDb();
  return db;
}
