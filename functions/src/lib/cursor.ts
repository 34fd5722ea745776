/**
 * Opaque page cursors. A list's position (an ElectroDB cursor, a log id...) leaves the server only
 * sealed with an HMAC over the route and the caller, and comes back only through `openCursor`:
 * a cursor this server did not hand to this caller for this list (garbage, edited, forged,
 * another member's, another list's) is a 400 'cursor_invalid' before any query runs.
 * lib/http.ts applies it to every route the manifest marks `paged`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from './errors.ts';

const VERSION = 'c1';
const TAG_BYTES = 16;
/** Longer than any position a list hands out (ElectroDB cursors are a few hundred characters). */
export const CURSOR_MAX_LENGTH = 2048;
const SHAPE = /^c1\.([A-Za-z0-9_-]{1,2000})\.([A-Za-z0-9_-]{22})$/;

/** Who may bring a cursor back: the route and the caller it was handed to. */
export function cursorScope(routeKey: string, profileId: string | null): string {
  return `${routeKey}\n${profileId ?? '-'}`;
}

function tag(secret: string, scope: string, position: string): Buffer {
  // A key of its own, derived from AUTH_SECRET: a cursor tag is never valid as anything else.
  const key = createHmac('sha256', secret).update('kinoko/page-cursor/v1').digest();
  return createHmac('sha256', key)
    .update(scope)
    .update('\0')
    .update(position)
    .digest()
    .subarray(0, TAG_BYTES);
}

export function sealCursor(secret: string, scope: string, position: string): string {
  const body = Buffer.from(position, 'utf8').toString('base64url');
  return `${VERSION}.${body}.${tag(secret, scope, position).toString('base64url')}`;
}

/** The position sealed in `cursor` for `scope`, or 400 'cursor_invalid'. */
export function openCursor(secret: string, scope: string, cursor: string): string {
  const invalid = () => new AppError('cursor_invalid', 'page cursor refused');
  if (cursor.length > CURSOR_MAX_LENGTH) throw invalid();
  const match = SHAPE.exec(cursor);
  if (!match) throw invalid();
  const position = Buffer.from(match[1] as string, 'base64url').toString('utf8');
  const given = Buffer.from(match[2] as string, 'base64url');
  const expected = tag(secret, scope, position);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  return position;
}
