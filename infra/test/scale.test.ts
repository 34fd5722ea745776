/**
 * Growth is planned, not discovered: the app synthesized with the manifest plus synthetic routes,
 * jobs and stream consumers spread over every area (250 HTTP routes in all) keeps every stack,
 * nested or not, under 400 CloudFormation resources (the hard limit is 500) and 200 parameters.
 * The synthetic handlers get stand-in bundles (fixtures/handler) and borrow existing grant prefixes.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AREAS,
  type Area,
  type HttpRoute,
  handlerId,
  type JobDef,
  type Manifest,
  manifest,
  type StreamConsumerDef,
} from '@app/functions/manifest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  allTemplates,
  apiResourcesOf,
  areaParameter,
  resourcesOf,
  type SynthResult,
  synthApp,
} from './synth.ts';

const TARGET_HTTP_ROUTES = 250;
const MAX_RESOURCES = 400;
const MAX_PARAMETERS = 200;

const pad = (n: number) => String(n).padStart(3, '0');

/** The manifest with synthetic HTTP routes (round robin over the areas) up to the target, one job and one consumer per area. */
export function grownManifest(): Manifest {
  const httpRoutes: HttpRoute[] = [...manifest.httpRoutes];
  for (let i = 0; httpRoutes.length < TARGET_HTTP_ROUTES; i += 1) {
    const area = AREAS[i % AREAS.length] as Area;
    httpRoutes.push({
      method: i % 2 === 0 ? 'GET' : 'POST',
      path: `/synthetic/${area}/${pad(i)}`,
      handler: `http/chat/synthetic-${area}-${pad(i)}`,
      area,
      access: 'signedIn',
    });
  }
  const jobs: JobDef[] = [
    ...manifest.jobs,
    ...AREAS.map((area) => ({
      handler: `jobs/synthetic-${area}`,
      area,
      recurring: { name: `synthetic-${area}`, expression: 'cron(0 3 * * ? *)' },
    })),
  ];
  const streamConsumers: StreamConsumerDef[] = [
    ...manifest.streamConsumers,
    ...AREAS.map((area) => ({
      handler: `streams/chat-notices-synthetic-${area}`,
      area,
      filter: { entity: 'message', events: ['INSERT' as const] },
    })),
  ];
  return { httpRoutes, wsRoutes: manifest.wsRoutes, jobs, streamConsumers, queues: manifest.queues };
}

/** A stand-in bundle for every handler of `m`. */
function standInBundles(m: Manifest): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kinoko-standin-functions-'));
  const handlers = new Set(
    [...m.httpRoutes, ...m.wsRoutes, ...m.jobs, ...m.streamConsumers, ...m.queues].map((e) => e.handler),
  );
  for (const handler of handlers) {
    cpSync(path.join(import.meta.dirname, 'fixtures', 'handler'), path.join(dir, handlerId(handler)), {
      recursive: true,
    });
  }
  return dir;
}

const grown = grownManifest();
let synth: SynthResult;
beforeAll(() => {
  synth = synthApp({ manifest: grown, functionsDir: standInBundles(grown) });
});

describe('the deployment at 250 routes', () => {
  it('has synthetic routes in every area', () => {
    expect(grown.httpRoutes).toHaveLength(TARGET_HTTP_ROUTES);
    for (const area of AREAS)
      expect(
        grown.httpRoutes.some((r) => r.area === area),
        area,
      ).toBe(true);
    expect([...synth.areaTemplates.keys()].sort()).toEqual([...AREAS].sort());
  });

  it('puts every HTTP route on the one HTTP API, in the stack of its area', () => {
    const [httpApiId] = Object.entries(resourcesOf(synth.templates.api, 'AWS::ApiGatewayV2::Api')).find(
      ([, api]) => api.Properties.ProtocolType === 'HTTP',
    ) ?? [''];
    for (const area of AREAS) {
      expect(areaParameter(synth, area, 'HttpApiId'), area).toEqual({ Ref: httpApiId });
      const template = synth.areaTemplates.get(area);
      if (!template) throw new Error(`no stack for ${area}`);
      const routeKeys = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Route'))
        .filter((r) => JSON.stringify(r.Properties.ApiId) === JSON.stringify({ Ref: 'HttpApiId' }))
        .map((r) => r.Properties.RouteKey)
        .sort();
      const expected = grown.httpRoutes.filter((r) => r.area === area).map((r) => `${r.method} ${r.path}`);
      expect(routeKeys, area).toEqual(expected.sort());
    }
    expect(Object.keys(apiResourcesOf(synth, 'AWS::ApiGatewayV2::Route'))).toHaveLength(
      TARGET_HTTP_ROUTES + grown.wsRoutes.length,
    );
  });

  it(`keeps every stack and nested stack under ${MAX_RESOURCES} resources and ${MAX_PARAMETERS} parameters`, () => {
    const counts = allTemplates(synth).map(([name, template]) => {
      const json = template.toJSON() as { Resources?: object; Parameters?: object };
      return {
        name,
        resources: Object.keys(json.Resources ?? {}).length,
        parameters: Object.keys(json.Parameters ?? {}).length,
      };
    });
    console.log(
      `resources per stack at ${TARGET_HTTP_ROUTES} HTTP routes (limit ${MAX_RESOURCES}):\n` +
        counts.map((c) => `  ${c.name.padEnd(18)} ${String(c.resources).padStart(4)}`).join('\n'),
    );
    for (const c of counts) {
      expect(c.resources, c.name).toBeLessThan(MAX_RESOURCES);
      expect(c.parameters, c.name).toBeLessThan(MAX_PARAMETERS);
    }
  });
});
