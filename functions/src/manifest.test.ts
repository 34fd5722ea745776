import { describe, expect, it } from 'vitest';
import {
  AREAS,
  HTTP_FOLDER_AREAS,
  handlerAreas,
  httpRoutes,
  manifest,
  PATH_PARAM_MAX,
  pathParamNames,
  routeKey,
} from './manifest.ts';

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

  it('paged lists are GET routes, or the search whose conditions come in a body (spec: POST /profile/, served as POST /profile)', () => {
    for (const route of httpRoutes.filter((r) => r.paged))
      expect(route.method === 'GET' || `${route.method} ${route.path}` === 'POST /profile').toBe(true);
  });
});

describe('route manifest areas', () => {
  it('gives every HTTP route the area of its handler folder', () => {
    for (const route of httpRoutes) {
      const folder = route.handler.split('/')[1] as keyof typeof HTTP_FOLDER_AREAS;
      // The console's news, banner and catalogue routes have an area of their own (CloudFormation's limit).
      const contentSection = /^http\/admin\/(?:news|banner|catalog)-/.test(route.handler);
      expect(route.area, route.handler).toBe(contentSection ? 'admincontent' : HTTP_FOLDER_AREAS[folder]);
    }
  });

  it('puts every handler in exactly one known area', () => {
    const areas = handlerAreas(manifest);
    for (const area of areas.values()) expect(AREAS).toContain(area);
    expect([...areas.keys()].sort()).toEqual(
      [
        ...new Set(
          [
            ...manifest.httpRoutes,
            ...manifest.wsRoutes,
            ...manifest.jobs,
            ...manifest.streamConsumers,
            ...manifest.queues,
          ].map((e) => e.handler),
        ),
      ].sort(),
    );
  });

  it('refuses a handler listed in two areas', () => {
    const job = { handler: 'jobs/point-expiry', area: 'points' } as const;
    expect(() => handlerAreas({ ...manifest, jobs: [job, { ...job, area: 'chat' }] })).toThrow(
      /two areas: points and chat/,
    );
  });
});
