/** The readers' post paths (without the language prefix). */

/** A post's own page. */
export const postPath = (username: string, postId: string) =>
  `/@${encodeURIComponent(username)}/posts/${encodeURIComponent(postId)}`;

/** The creator's fan club card (joining), with `?pass=YYYY-MM` the purchase of that month's back number. */
export const fanclubPath = (username: string, passMonth?: string) =>
  `/@${encodeURIComponent(username)}/fanclub${passMonth ? `?pass=${encodeURIComponent(passMonth)}` : ''}`;

/** The profile's posts switch. */
export const profilePostsPath = (username: string) => `/@${encodeURIComponent(username)}/posts`;
