/**
 * Synthesizes the real app for the infra tests: the Lambda bundles come from
 * `npm run build:functions` (into a temporary folder), the site from web/dist when it has been
 * built, else from the small fixture in test/fixtures/site.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Area, JobDef, Manifest } from '@app/functions/manifest';
import { App, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { buildApp, type KinokoStacks } from '../src/app.ts';
import { type AppConfig, parseConfig, repoRoot } from '../src/config.ts';

/** The handlers that run the uploads' check step (sharp's linux-x64 binaries: x86_64, 1 GB). */
export const UPLOAD_CHECKERS: readonly string[] = [
  'http/chat/send',
  'http/mypage/profile-image',
  // Shop (issue 13): the item form's files (items) and the return gift's photo or video (library)
  'http/item/save',
  'http/item/upload-return',
  // Fan club (issue 14): the post form's images and video
  'http/fanclub/post-save',
  // Broadcasts (issue 15): the scheduled and trigger forms' photos and videos
  'http/broadcasting/reserve-save',
  'http/broadcasting/trigger-save',
  // Organizations (issue 16): the organization's logo
  'http/organizations/save',
  // The operators' console (issue 17): the home banner's picture, a stamp's picture
  'http/admin/banner-save',
  'http/admin/catalog-stamp-create',
  'http/admin/catalog-stamp-update',
];

export const fixtureSiteDir = path.join(repoRoot, 'infra', 'test', 'fixtures', 'site');

function siteDir(): string {
  const built = path.join(repoRoot, 'web', 'dist');
  const complete = ['index.html', '404.html', 'prerendered/ja/index.html'].every((f) =>
    existsSync(path.join(built, f)),
  );
  return complete ? built : fixtureSiteDir;
}

/** Runs the real build script; each test file gets its own output folder. */
export function buildFunctionBundles(): string {
  const outdir = mkdtempSync(path.join(tmpdir(), 'kinoko-functions-'));
  execFileSync('npm', ['run', '--silent', 'build:functions', '--', '--outdir', outdir], {
    cwd: repoRoot,
    stdio: 'pipe',
  });
  return outdir;
}

/** Real-looking operator details (a made-up company): prod refuses the samples. */
export const testOperator = {
  companyName: { ja: '株式会社森の胞子', en: 'Mori no Hoshi Co., Ltd.' },
  responsiblePerson: { ja: '山田 太郎', en: 'Taro Yamada' },
  address: {
    ja: '〒150-0002 東京都渋谷区渋谷2-21-1',
    en: '2-21-1 Shibuya, Shibuya-ku, Tokyo 150-0002, Japan',
  },
  email: 'support@morinohoshi.co.jp',
  court: { ja: '東京地方裁判所', en: 'Tokyo District Court' },
  termsEffectiveDate: '2027-04-01',
};

/** A made-up platform account for the transfer file: prod refuses the sample one. */
export const testTransferSource = {
  bankCode: '0005',
  branchCode: '001',
  accountType: 'checking',
  accountNumber: '7654321',
  companyCode: '9876543210',
  companyNameKana: 'カ）モリノホウシ',
};

export function testConfig(functionsDir: string, overrides: Record<string, unknown> = {}): AppConfig {
  return parseConfig({
    stage: 'prod',
    account: '123456789012',
    region: 'ap-northeast-1',
    appHost: 'app.kinoko.example',
    marketHost: 'market.kinoko.example',
    certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
    mailFrom: 'noreply@kinoko.example',
    lineChannelId: '1234567890',
    operator: testOperator,
    transferSource: testTransferSource,
    functionsDir,
    siteDir: siteDir(),
    ...overrides,
  });
}

export interface SynthResult {
  app: App;
  config: AppConfig;
  stacks: KinokoStacks;
  templates: Record<keyof KinokoStacks, Template>;
  /** The Api stack's nested stack of each area that has entries. */
  areaTemplates: Map<Area, Template>;
}

export function synthApp(
  options: { functionsDir?: string; jobs?: readonly JobDef[]; manifest?: Manifest } = {},
): SynthResult {
  const config = testConfig(options.functionsDir ?? buildFunctionBundles());
  const app = new App({
    outdir: mkdtempSync(path.join(tmpdir(), 'kinoko-cdk-out-')),
    context: { '@aws-cdk/core:defaultCrossStackReferences': 'strong' },
  });
  const stacks = buildApp(app, config, {
    nag: false,
    ...(options.jobs ? { jobs: options.jobs } : {}),
    ...(options.manifest ? { manifest: options.manifest } : {}),
  });
  const templates = Object.fromEntries(
    Object.entries(stacks).map(([key, stack]) => [key, Template.fromStack(stack as Stack)]),
  ) as SynthResult['templates'];
  const areaTemplates = new Map(
    [...stacks.api.areas].map(([area, stack]) => [area, Template.fromStack(stack)] as const),
  );
  return { app, config, stacks, templates, areaTemplates };
}

/** Every template by name: the top-level stacks ('api', 'data'…) and the Api stack's areas ('api/chat'…). */
export function allTemplates(synth: SynthResult): [name: string, template: Template][] {
  return [
    ...Object.entries(synth.templates),
    ...[...synth.areaTemplates].map(([area, t]) => [`api/${area}`, t] as [string, Template]),
  ];
}

/** Resources of the Api stack and of all its area stacks together (logical ids are unique across them). */
export function apiResourcesOf(synth: SynthResult, type?: string): Resources {
  const merged: Resources = { ...resourcesOf(synth.templates.api, type) };
  for (const template of synth.areaTemplates.values()) {
    for (const [id, resource] of Object.entries(resourcesOf(template, type))) {
      if (id in merged) throw new Error(`logical id ${id} is in two Api templates`);
      merged[id] = resource;
    }
  }
  return merged;
}

/**
 * What a nested stack's parameter is given by the Api stack (e.g. `{ Ref: 'HttpApi…' }`), found
 * through the AWS::CloudFormation::Stack resource of `area`.
 */
export function areaParameter(synth: SynthResult, area: Area, parameter: string): unknown {
  const stack = synth.stacks.api.areas.get(area);
  if (!stack) throw new Error(`no stack for ${area}`);
  const logicalId = synth.stacks.api.getLogicalId(stack.nestedStackResource as never);
  const resource = resourcesOf(synth.templates.api, 'AWS::CloudFormation::Stack')[logicalId];
  return (resource?.Properties.Parameters as Record<string, unknown> | undefined)?.[parameter];
}

type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;

export function resourcesOf(template: Template, type?: string): Resources {
  const all = (
    template.toJSON() as {
      Resources?: Record<string, { Type: string; Properties?: Record<string, unknown> }>;
    }
  ).Resources;
  return Object.fromEntries(
    Object.entries(all ?? {})
      .filter(([, r]) => type === undefined || r.Type === type)
      .map(([id, r]) => [id, { Type: r.Type, Properties: r.Properties ?? {} }]),
  );
}
