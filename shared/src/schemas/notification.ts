/**
 * E-mail notifications outside the app (issue 15, mail helper): the caller's preferences, and the
 * signed unsubscribe link of every notification mail (no login).
 *
 * Kinds: `replies` (creators and owners: paid messages waiting for their reply, default on),
 * `messages` (fans: new messages from creators, broadcasts included) and `notices` (fans: important
 * notices). A fan's kinds are off until the fan turns them on, and mail goes only to a confirmed
 * notification e-mail.
 */
import * as z from 'zod/mini';
import { creatorMailKinds, fanMailKinds, type MailKind, mailKinds } from '../mail-kinds.ts';

export { creatorMailKinds, fanMailKinds, type MailKind, mailKinds };
export const mailKind = z.enum(mailKinds);

/** `GET /notification/email`: the caller's kinds (only those of the caller's role) and the address. */
export const emailPreferencesResponse = z.object({
  kinds: z.array(z.object({ kind: mailKind, enabled: z.boolean() })),
  /** Where the mail goes: the account e-mail (creators), the notification e-mail (fans); null when none. */
  email: z.nullable(z.string()),
  /** Fans: mail goes only to a confirmed notification e-mail. Always true for account e-mails. */
  email_confirmed: z.boolean(),
});
export type EmailPreferencesResponse = z.infer<typeof emailPreferencesResponse>;

/** `POST /notification/email`: turns one kind on or off (answers the preferences). */
export const emailPreferenceRequest = z.strictObject({
  kind: mailKind,
  enabled: z.boolean(),
});
export type EmailPreferenceRequest = z.infer<typeof emailPreferenceRequest>;

/** An unsubscribe token: base64url payload, a dot, base64url HMAC (at most a few hundred characters). */
export const unsubscribeToken = z
  .string()
  .check(z.minLength(10), z.maxLength(512), z.regex(/^[\w-]+\.[\w-]+$/));

/** `GET /notification/unsubscribe?token=`: what the link turns off, before the guest confirms. */
export const unsubscribeQuery = z.object({ token: unsubscribeToken });
export const unsubscribeInfoResponse = z.object({ kind: mailKind, enabled: z.boolean() });
export type UnsubscribeInfoResponse = z.infer<typeof unsubscribeInfoResponse>;

/** `POST /notification/unsubscribe {token}`: the page's button. */
export const unsubscribeRequest = z.strictObject({ token: unsubscribeToken });
export type UnsubscribeRequest = z.infer<typeof unsubscribeRequest>;

/**
 * `POST /notification/unsubscribe/one-click?token=` (RFC 8058): the mail client posts the form
 * body `List-Unsubscribe=One-Click`.
 */
export const oneClickRequest = z.strictObject({ 'List-Unsubscribe': z.literal('One-Click') });
