/** Dependencies of the fan club's post handlers: the fan club's, and EventBridge Scheduler. */
import type { PostDeps } from '../services/fanclub/posts.ts';
import type { Clock } from './clock.ts';
import { fanclubDeps } from './fanclub-deps.ts';
import { eventBridgeScheduler } from './schedules.ts';

export function postDeps(clock: Clock): PostDeps {
  return { ...fanclubDeps(clock), scheduler: eventBridgeScheduler() };
}
