import { describe, expect, it } from 'vitest';
import { httpRoutes } from '../../functions/src/manifest.ts';
import { compileRoutes } from './http-gateway.ts';

describe('the local HTTP gateway', () => {
  it('takes every route of the manifest', () => {
    expect(compileRoutes(httpRoutes)).toHaveLength(httpRoutes.length);
  });

  it('refuses a route path API Gateway refuses (no leading "/", or a trailing one)', () => {
    const route = (path: string) => ({ ...(httpRoutes[0] as (typeof httpRoutes)[number]), path });
    expect(() => compileRoutes([route('/profile/')])).toThrow(/must start with "\/" and not end with "\/"/);
    expect(() => compileRoutes([route('profile')])).toThrow(/must start with/);
    expect(compileRoutes([route('/profile')])).toHaveLength(1);
  });
});
