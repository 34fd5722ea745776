import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

const SCRYPT = { N: 16384, r: 8, p: 1, keyLength: 32 } as const;

function scryptAsync(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, SCRYPT.keyLength, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, base64url parts. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, , , , salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const key = await scryptAsync(password, Buffer.from(salt, 'base64url'));
  const expected = Buffer.from(hash, 'base64url');
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash that costs the same as a real check, for unknown accounts (no timing oracle). */
export const DUMMY_PASSWORD_HASH =
  'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A random numeric code of `length` digits, leading zeros allowed. */
export function numericCode(length: number): string {
  return Array.from({ length }, () => randomInt(10)).join('');
}

export function newId(): string {
  return randomBytes(12).toString('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

let lastTime = '';
let lastRandom: number[] = [];

/**
 * A ULID: 10 characters of milliseconds then 16 random ones; sorts by time as text. Monotonic
 * within a process: a second id in the same millisecond increments the random part.
 */
export function timeId(at: Date): string {
  let ms = at.getTime();
  let time = '';
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[ms % 32] + time;
    ms = Math.floor(ms / 32);
  }
  if (time === lastTime) {
    for (let i = lastRandom.length - 1; i >= 0; i--) {
      lastRandom[i] = ((lastRandom[i] ?? 0) + 1) % 32;
      if (lastRandom[i] !== 0) break;
    }
  } else {
    lastTime = time;
    lastRandom = Array.from(randomBytes(16), (b) => b % 32);
  }
  return time + lastRandom.map((d) => CROCKFORD[d]).join('');
}

/** The lowest ULID of an instant: a time bound for ULID sort keys. */
export function timeIdLow(at: Date): string {
  return timeId(at).slice(0, 10) + '0'.repeat(16);
}

/** A write shard `0`..`shards-1` of an id (FNV-1a). */
export function shardOf(id: string, shards: number): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return String(hash % shards);
}
