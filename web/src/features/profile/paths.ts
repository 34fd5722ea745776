/**
 * The creator profile's routes. `/@{username}` is the profile tab; `/@{username}/{type}` a section:
 * - `posts`: the posts tab of the profile/posts switch (empty until the fan-club issue);
 * - `invite`: the invitation link page (the link, a copy action and its QR code);
 * - `fanclub`: the fan club card with the join flow (`?pass=YYYY-MM`: a back number's purchase).
 * Any other type is not found.
 */
export const profileTypes = ['posts', 'invite', 'fanclub'] as const;
export type ProfileType = (typeof profileTypes)[number];

export const isProfileType = (type: string): type is ProfileType =>
  (profileTypes as readonly string[]).includes(type);

/** A profile's screen path (without the language prefix). */
export const profilePath = (username: string, type?: ProfileType) =>
  `/@${encodeURIComponent(username)}${type ? `/${type}` : ''}`;

/** The invitation link of a creator: their profile with `?invite=1` (a sign-up through it is attributed). */
export const invitationUrl = (origin: string, username: string) =>
  `${origin}/@${encodeURIComponent(username)}?invite=1`;
