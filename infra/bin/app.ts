/** CDK entry (cdk.json `app`). Configuration comes from context: see infra/src/config.ts. */
import { App } from 'aws-cdk-lib';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

const app = new App();
buildApp(app, loadConfig(app));
app.synth();
