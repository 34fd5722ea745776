/** Vitest globalSetup of the integration project: one local cloud (in-memory DynamoDB) for all files. */
import type { TestProject } from 'vitest/node';
import { startLocalCloud } from '../../scripts/local/cloud.ts';
import './helpers/cloud.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cloud = await startLocalCloud({ port: 0, dataDir: null, site: false, quiet: true, stage: 'test' });
  project.provide('url', cloud.url);
  project.provide('apiUrl', cloud.apiUrl);
  project.provide('wsUrl', cloud.wsUrl);
  project.provide('dynamoEndpoint', cloud.dynamoEndpoint);
  project.provide('s3Endpoint', cloud.s3Endpoint);
  project.provide('tableName', cloud.tableName);
  project.provide('localEnv', cloud.env);
  return () => cloud.stop();
}
