import { businessConfig } from './config.ts';

export const ROLE = businessConfig.roles;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];

/** Setup is complete when finalStep >= 2 for fans (role 4) and >= 3 for roles 1-3. */
export function isSetupComplete(roleId: number, finalStep: number): boolean {
  const needed =
    roleId > ROLE.ADMIN ? businessConfig.setup.fanFinalStep : businessConfig.setup.otherFinalStep;
  return finalStep >= needed;
}

/** The number of sign-up steps a role goes through (fans: profile, user info; others add bank). */
export function signupStepCount(roleId: number): number {
  return roleId > ROLE.ADMIN ? businessConfig.setup.fanFinalStep : businessConfig.setup.otherFinalStep;
}

/** Who buys mushrooms: fans and shop/organization owners, never creators or admins. */
export const canBuyPoints = (roleId: number): boolean => roleId === ROLE.FAN || roleId === ROLE.USER;
