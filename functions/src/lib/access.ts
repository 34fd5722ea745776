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
 * An `optional` route reads only a member's token (an operator's gets the guest's answer), and
 * the WebSocket `$connect` admits members only (ws/connect.ts).
 */
export const MEMBERS = [ROLE.USER, ROLE.CREATOR, ROLE.FAN] as const;

/**
 * The roles a route admits (null: guest routes take any caller, or none). An `optional` route
 * takes any caller too, but sees only these as its viewer: lib/auth.ts answers anyone else (an
 * operator) as it answers no token.
 */
export const admittedRoles = (access: Access): readonly RoleId[] | null =>
  access === 'signedIn' || access === 'optional' ? MEMBERS : Array.isArray(access) ? access : null;

/** Whether a role is a member's (`MEMBERS`): what opens the WebSocket. */
export const isMember = (roleId: number): boolean => (MEMBERS as readonly number[]).includes(roleId);
