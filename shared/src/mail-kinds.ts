/**
 * The kinds of notification e-mail (issue 15, mail helper), without zod so the table's entity can
 * name them: `replies` (creators: paid messages waiting for a reply, on unless turned off),
 * `messages` and `notices` (fans: new messages from creators, important notices; off until chosen).
 */
export const mailKinds = ['replies', 'messages', 'notices'] as const;
export type MailKind = (typeof mailKinds)[number];

/** The kinds a creator may receive, and a fan's (or an owner's, who pays in chat like a fan). */
export const creatorMailKinds = ['replies'] as const satisfies readonly MailKind[];
export const fanMailKinds = ['messages', 'notices'] as const satisfies readonly MailKind[];
