import { describe, expect, it } from 'vitest';
import { SAMPLE_OPERATOR } from './operator.ts';
import { inlineRuntimeConfig, parseRuntimeConfig, RUNTIME_CONFIG_PLACEHOLDER } from './runtime-config.ts';

const shell = `<head><script id="runtime-config" type="application/json">${RUNTIME_CONFIG_PLACEHOLDER}</script></head>`;

describe('runtime configuration in the app shell', () => {
  it('writes the configuration in place of the placeholder, with < escaped', () => {
    const html = inlineRuntimeConfig(shell, {
      apiBase: '/api',
      wsUrl: 'wss://x/</script><b>',
      stage: 'prod',
    });
    expect(html).not.toContain(RUNTIME_CONFIG_PLACEHOLDER);
    expect(html).not.toContain('</script><b>');
    const json = /<script[^>]*>(.*)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual({ apiBase: '/api', wsUrl: 'wss://x/</script><b>', stage: 'prod' });
  });

  it('refuses a shell without the placeholder', () => {
    expect(() =>
      inlineRuntimeConfig('<head></head>', { apiBase: '/api', wsUrl: '', stage: 'prod' }),
    ).toThrow();
  });

  it('accepts only a complete configuration', () => {
    expect(parseRuntimeConfig({ apiBase: '/api', stage: 'local' })).toEqual({
      apiBase: '/api',
      wsUrl: '',
      stage: 'local',
    });
    expect(parseRuntimeConfig('__RUNTIME_CONFIG__')).toBeNull();
    expect(parseRuntimeConfig({ apiBase: '', stage: 'local' })).toBeNull();
    expect(parseRuntimeConfig({ apiBase: '/api' })).toBeNull();
    expect(parseRuntimeConfig({ apiBase: '/api', stage: 'x', wsUrl: 3 })).toBeNull();
  });

  it('carries the operator’s details, and refuses an incomplete set', () => {
    const config = { apiBase: '/api', wsUrl: '', stage: 'test', operator: SAMPLE_OPERATOR };
    const json = /<script[^>]*>(.*)<\/script>/.exec(inlineRuntimeConfig(shell, config))?.[1] ?? '';
    expect(parseRuntimeConfig(JSON.parse(json))).toEqual(config);
    const { email: _email, ...noEmail } = SAMPLE_OPERATOR;
    expect(parseRuntimeConfig({ ...config, operator: noEmail })).toBeNull();
    expect(
      parseRuntimeConfig({ ...config, operator: { ...SAMPLE_OPERATOR, address: { ja: '東京' } } }),
    ).toBeNull();
    expect(
      parseRuntimeConfig({ ...config, operator: { ...SAMPLE_OPERATOR, termsEffectiveDate: '1 Dec' } }),
    ).toBeNull();
  });
});
