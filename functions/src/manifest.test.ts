import { describe, expect, it } from 'vitest';
import { httpRoutes, PATH_PARAM_MAX, pathParamNames, routeKey } from './manifest.ts';

describe('route manifest inputs', () => {
  it.each(httpRoutes.map((r) => [routeKey(r), r] as const))(
    '%s: every path parameter has a rule',
    (_, route) => {
      for (const name of pathParamNames(route.path)) {
        const rule = route.params?.[name];
        expect(rule, name).toBeDefined();
        // Anchored: a rule never accepts a longer value around a well-formed one.
        expect(rule?.pattern.source.startsWith('^') && rule.pattern.source.endsWith('$'), name).toBe(true);
        expect(rule?.pattern.test('a'.repeat(PATH_PARAM_MAX + 1)), name).toBe(false);
      }
      expect(Object.keys(route.params ?? {}).sort()).toEqual(pathParamNames(route.path).sort());
    },
  );

  it('paged lists are GET routes', () => {
    for (const route of httpRoutes.filter((r) => r.paged)) expect(route.method).toBe('GET');
  });
});
