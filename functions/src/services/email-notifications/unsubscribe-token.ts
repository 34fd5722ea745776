/**
 * The unsubscribe link's token: `<payload>.<mac>`, both base64url; the payload names the profile
 * and the kind of mail, the MAC is HMAC-SHA256 with the app secret under a label of its own (no
 * other token of the app verifies as one, nor one as another). No expiry: a link in an old mail
 * still turns its mail off, and turning mail off again changes nothing.
 */
import { createHmac } from 'node:crypto';
import { type MailKind, mailKinds } from '@app/shared/mail-kinds';
import { safeEqual } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';

const LABEL = 'kinoko/mail-unsubscribe/v1';

function mac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`${LABEL}\n${payload}`).digest('base64url');
}

export function unsubscribeToken(secret: string, profileId: string, kind: MailKind): string {
  const payload = Buffer.from(`${profileId}\n${kind}`, 'utf8').toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** The profile and kind a token was signed for; 400 'unsubscribe_invalid' for anything else. */
export function openUnsubscribeToken(secret: string, token: string): { profileId: string; kind: MailKind } {
  const [payload, given, ...rest] = token.split('.');
  if (!payload || !given || rest.length > 0 || !safeEqual(mac(secret, payload), given)) {
    throw new AppError('unsubscribe_invalid');
  }
  const [profileId, kind, ...more] = Buffer.from(payload, 'base64url').toString('utf8').split('\n');
  if (!profileId || more.length > 0 || !(mailKinds as readonly string[]).includes(kind ?? '')) {
    throw new AppError('unsubscribe_invalid');
  }
  return { profileId, kind: kind as MailKind };
}
