import { type OperatorDetails, SAMPLE_OPERATOR, SAMPLE_TRANSFER_SOURCE } from '@app/shared/operator';
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

  const transferSource = {
    bankCode: '0005',
    branchCode: '001',
    accountType: 'checking',
    accountNumber: '7654321',
    companyCode: '9876543210',
    companyNameKana: 'カ）モリノホウシ',
  };

  describe('the operator’s details (legal pages)', () => {
    const prod = {
      ...minimal,
      stage: 'prod',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/x',
      transferSource,
    };
    const real: OperatorDetails = {
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

    test('other stages take the samples by default', () => {
      expect(parseConfig(minimal).operator).toEqual(SAMPLE_OPERATOR);
    });

    test('prod refuses placeholders, naming each field', () => {
      expect(() => parseConfig(prod)).toThrow(
        /operator: prod needs the operator's real details on the legal pages; still placeholders: operator\.companyName\.ja, operator\.companyName\.en, operator\.responsiblePerson\.ja, .*operator\.email/,
      );
      const oneLeft = { ...real, address: { ...real.address, en: '[Address]' } };
      expect(() => parseConfig({ ...prod, operator: oneLeft })).toThrow(
        /still placeholders: operator\.address\.en \(/,
      );
    });

    test('prod accepts real-looking details, as an object (cdk.json) or JSON text (-c operator=…)', () => {
      expect(parseConfig({ ...prod, operator: real }).operator).toEqual(real);
      expect(parseConfig({ ...prod, operator: JSON.stringify(real) }).operator).toEqual(real);
      expect(() => parseConfig({ ...prod, operator: '{not json' })).toThrow(/operator: /);
      expect(() => parseConfig({ ...prod, operator: { ...real, email: 'nobody' } })).toThrow(
        /operator\.email: /,
      );
    });
  });

  describe('the platform’s bank account (the Zengin transfer file)', () => {
    const prod = {
      ...minimal,
      stage: 'prod',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/x',
      operator: {
        companyName: { ja: '株式会社森の胞子', en: 'Mori no Hoshi Co., Ltd.' },
        responsiblePerson: { ja: '山田 太郎', en: 'Taro Yamada' },
        address: { ja: '東京都渋谷区渋谷2-21-1', en: '2-21-1 Shibuya, Tokyo' },
        email: 'support@morinohoshi.co.jp',
        court: { ja: '東京地方裁判所', en: 'Tokyo District Court' },
        termsEffectiveDate: '2027-04-01',
      },
    };

    test('other stages take the sample; prod refuses it, naming the fields', () => {
      expect(parseConfig(minimal).transferSource).toEqual(SAMPLE_TRANSFER_SOURCE);
      expect(() => parseConfig(prod)).toThrow(
        /transferSource: prod needs the platform's real bank account for the transfer file; still samples: transferSource\.accountNumber, transferSource\.companyCode, transferSource\.companyNameKana/,
      );
    });

    test('prod accepts a real-looking account, as an object or JSON text; malformed codes are refused', () => {
      expect(parseConfig({ ...prod, transferSource }).transferSource).toEqual(transferSource);
      expect(parseConfig({ ...prod, transferSource: JSON.stringify(transferSource) }).transferSource).toEqual(
        transferSource,
      );
      expect(() =>
        parseConfig({ ...prod, transferSource: { ...transferSource, companyCode: '123' } }),
      ).toThrow(/transferSource\.companyCode: /);
    });
  });
});
