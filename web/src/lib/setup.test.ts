import { ROLE } from '@app/shared/roles';
import { describe, expect, it } from 'vitest';
import { allowedSignupStep, nextSetupPath } from './setup.ts';

describe('setup routing', () => {
  it('sends fans through steps 1-2 and home after step 2', () => {
    expect(nextSetupPath(ROLE.FAN, 0)).toBe('/mypage/signup/1');
    expect(nextSetupPath(ROLE.FAN, 1)).toBe('/mypage/signup/2');
    expect(nextSetupPath(ROLE.FAN, 2)).toBe('/home');
  });

  it('sends creators and owners through steps 1-3', () => {
    for (const role of [ROLE.USER, ROLE.CREATOR, ROLE.ADMIN]) {
      expect(nextSetupPath(role, 0)).toBe('/mypage/signup/1');
      expect(nextSetupPath(role, 2)).toBe('/mypage/signup/3');
      expect(nextSetupPath(role, 3)).toBe('/home');
    }
  });

  it('allows done steps and the next one, nothing beyond', () => {
    expect(allowedSignupStep(ROLE.CREATOR, 1, '1')).toBe(1);
    expect(allowedSignupStep(ROLE.CREATOR, 1, '2')).toBe(2);
    expect(allowedSignupStep(ROLE.CREATOR, 1, '3')).toBe(2);
    expect(allowedSignupStep(ROLE.CREATOR, 0, 'x')).toBe(1);
    expect(allowedSignupStep(ROLE.FAN, 1, '3')).toBe(2);
    expect(allowedSignupStep(ROLE.FAN, 2, '2')).toBe(2);
    expect(allowedSignupStep(ROLE.CREATOR, 3, '3')).toBe(3);
  });
});
