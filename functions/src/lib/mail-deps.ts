/** appDeps plus the mailer, for handlers that mail a code outside sign-in (notification e-mail). */
import { appDeps } from './deps.ts';
import { sesMailer } from './mailer.ts';

export async function mailDeps() {
  return { ...(await appDeps()), mailer: sesMailer };
}
