import { type JobDef, type Manifest, manifest as manifestOfProduct } from '@app/functions/manifest';
import { type App, Tags, Validations } from 'aws-cdk-lib';
import { AlarmsStack } from './alarms-stack.ts';
import { ApiStack } from './api-stack.ts';
import { manifestHandlers } from './bundles.ts';
import type { AppConfig } from './config.ts';
import { DataStack } from './data-stack.ts';
import { assertBundlesExist } from './handler-function.ts';
import { JobsStack } from './jobs-stack.ts';
import { MailStack } from './mail-stack.ts';
import { MonitoringStack } from './monitoring-stack.ts';
import { AwsSolutionsChecks } from './nag.ts';
import { SiteStack } from './site-stack.ts';
import { WafStack } from './waf-stack.ts';

export interface KinokoStacks {
  data: DataStack;
  mail: MailStack;
  api: ApiStack;
  jobs: JobsStack;
  site: SiteStack;
  waf: WafStack;
  alarms: AlarmsStack;
  monitoring: MonitoringStack;
}

export interface BuildAppOptions {
  /** Routes, jobs and consumers; the manifest's by default (tests may pass their own or add some). */
  manifest?: Manifest;
  /** Scheduled jobs, instead of the manifest's (tests may pass their own). */
  jobs?: readonly JobDef[];
  /** Register cdk-nag as a validation plugin that fails the synth (default true; tests run it directly). */
  nag?: boolean;
}

/** Every stack of one stage, with cdk-nag's AwsSolutions checks on all of them. */
export function buildApp(app: App, config: AppConfig, options: BuildAppOptions = {}): KinokoStacks {
  const base = options.manifest ?? manifestOfProduct;
  const manifest: Manifest = { ...base, jobs: options.jobs ?? base.jobs };
  assertBundlesExist(config, manifestHandlers(manifest));

  const env = { region: config.region, ...(config.account ? { account: config.account } : {}) };
  const name = (part: string) => `Kinoko-${config.stage}-${part}`;

  // The alarm topic first: the alarms of the other stacks name it (monitoring.ts).
  const alarms = new AlarmsStack(app, name('Alarms'), { env, config });
  const data = new DataStack(app, name('Data'), { env, config });
  const mail = new MailStack(app, name('Mail'), { env, config });
  const api = new ApiStack(app, name('Api'), { env, config, data, mail, manifest });
  api.addStackDependency(alarms);
  const jobsStack = new JobsStack(app, name('Jobs'), { env, config, api, jobs: manifest.jobs });
  jobsStack.addStackDependency(alarms);
  const monitoring = new MonitoringStack(app, name('Monitoring'), {
    env,
    config,
    alarms,
    data,
    api,
    jobs: jobsStack,
    manifest,
  });
  // CloudFront web ACLs live in us-east-1: the Site stack reads the ARN across regions.
  const waf = new WafStack(app, name('Waf'), {
    env: { ...env, region: 'us-east-1' },
    config,
    crossRegionReferences: true,
  });
  const site = new SiteStack(app, name('Site'), { env, config, data, api, waf, crossRegionReferences: true });

  Tags.of(app).add('app', 'kinoko');
  Tags.of(app).add('stage', config.stage);
  if (options.nag ?? true) Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
  return { data, mail, api, jobs: jobsStack, site, waf, alarms, monitoring };
}
