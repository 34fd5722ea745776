/**
 * Who a route's `access` (manifest.ts) admits once its token is good: the one rule lib/auth.ts
 * applies. Apart from the manifest so that what checks tokens (every handler, the sockets, the
 * stream consumers) does not carry the route list.
 */
import { ROLE, type RoleId } from '@app/shared/roles';
import type { Access } from '../manifest.ts';

/**
 * What `signedIn` admits: every role but operators. An operator's account is for the console: it
 * has no notices, points, chat, push devices or profile of its own, and `/auth/leave` must not
 * delete it. Outside `/admin/…` it reaches the session routes (`/auth/update_token`,
 * `/auth/logout`: guest routes, the refresh token is the credential) and the manifest's `NEWS_READERS` routes.
 */
export const MEMBERS = [ROLE.USER, ROLE.CREATOR, ROLE.FAN] as const;

/** The roles a route admits (null: guest and optional routes take any caller, or none). */
export const admittedRoles = (access: Access): readonly RoleId[] | null =>
  access === 'signedIn' ? MEMBERS : Array.isArray(access) ? access : null;
