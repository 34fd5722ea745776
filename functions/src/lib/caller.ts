import type { Caller } from './auth.ts';
import { AppError } from './errors.ts';

/** For routes whose manifest access requires a caller: narrows away null. */
export function signedIn(caller: Caller | null): Caller {
  if (!caller) throw new AppError('no_token');
  return caller;
}
