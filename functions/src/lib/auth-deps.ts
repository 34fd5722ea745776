/**
 * Dependencies of the sign-in handlers: appDeps plus the mailer (codes) and the @connections API
 * (ending sessions closes their sockets). Kept apart so that other bundles skip both SDK clients.
 */
import { connections } from './aws/connections.ts';
import { appDeps } from './deps.ts';
import { sesMailer } from './mailer.ts';

export async function authDeps() {
  return { ...(await appDeps()), mailer: sesMailer, sockets: connections() };
}
