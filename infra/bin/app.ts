/** CDK entry (cdk.json `app`). Configuration comes from context: see infra/src/config.ts. */
import { manifest } from '@app/functions/manifest';
import { App } from 'aws-cdk-lib';
import { buildApp } from '../src/app.ts';
import { ensureBuilt } from '../src/bundles.ts';
import { loadConfig } from '../src/config.ts';

const app = new App();
const config = loadConfig(app);
// Missing or stale Lambda bundles and site are built first (npm run build:functions, build:web).
ensureBuilt(config, manifest);
buildApp(app, config);
app.synth();
