import { isSetupComplete, signupStepCount } from '@app/shared/roles';

/** Where a signed-in account goes: the next sign-up step, or home once setup is complete. */
export function nextSetupPath(roleId: number, finalStep: number): string {
  if (isSetupComplete(roleId, finalStep)) return '/home';
  const step = Math.min(Math.max(finalStep + 1, 1), signupStepCount(roleId));
  return `/mypage/signup/${step}`;
}

/**
 * The sign-up step a URL step may show: any step already done or the next one; anything else
 * (past the role's last step, not a number, skipping ahead) goes to the next step to do.
 */
export function allowedSignupStep(roleId: number, finalStep: number, requested: string | undefined): number {
  const count = signupStepCount(roleId);
  const next = Math.min(finalStep + 1, count);
  const n = Number(requested);
  if (!Number.isInteger(n) || n < 1 || n > count || n > next) return Math.max(next, 1);
  return n;
}
