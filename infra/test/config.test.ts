import { describe, expect, test } from 'vitest';
import { parseConfig } from '../src/config.ts';

const minimal = {
  stage: 'test',
  appHost: 'app.kinoko.example',
  mailFrom: 'noreply@kinoko.example',
  lineChannelId: '1234567890',
};

describe('parseConfig', () => {
  test('fills the defaults and coerces numbers given as text (CDK context)', () => {
    const config = parseConfig({ ...minimal, wafWindowSeconds: '120', apiRateLimit: '50' });
    expect(config).toMatchObject({
      region: 'ap-northeast-1',
      squareEnvironment: 'sandbox',
      logRetentionDays: 90,
      apiRateLimit: 50,
      apiBurstLimit: 200,
      wafWindowSeconds: 120,
      wafAuthRequestsPerWindow: 100,
    });
  });

  test('names each problem with its key, in English', () => {
    expect(() => parseConfig({ ...minimal, region: 'tokyo' })).toThrow(
      /region: Invalid string: must match pattern/,
    );
    expect(() => parseConfig({ ...minimal, wafWindowSeconds: '61' })).toThrow(/wafWindowSeconds: /);
    expect(() => parseConfig({ ...minimal, stage: 'prod' })).toThrow(
      /certificateArn: prod needs certificateArn/,
    );
    expect(() => parseConfig({ ...minimal, marketHost: minimal.appHost })).toThrow(
      /marketHost: marketHost must differ from appHost/,
    );
  });
});
