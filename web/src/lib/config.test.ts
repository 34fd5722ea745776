import { describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig, runtimeConfig } from './config.ts';

function docWith(text: string | null): Pick<Document, 'getElementById'> {
  return { getElementById: () => (text === null ? null : ({ textContent: text } as HTMLElement)) };
}

describe('runtime configuration', () => {
  it('reads the configuration written into the page, without a request', async () => {
    const fetchFn = vi.fn<typeof fetch>();
    const config = { apiBase: '/api', wsUrl: 'wss://ws', stage: 'prod' };
    await loadRuntimeConfig(docWith(JSON.stringify(config)), fetchFn);
    expect(runtimeConfig()).toEqual(config);
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it('fetches /config.json when the page still holds the placeholder', async () => {
    const fetchFn = vi.fn<typeof fetch>(
      async () => new Response(JSON.stringify({ apiBase: '/api', stage: 'local' }), { status: 200 }),
    );
    await loadRuntimeConfig(docWith('"__RUNTIME_CONFIG__"'), fetchFn);
    expect(fetchFn).toHaveBeenCalledWith('/config.json', { cache: 'no-store' });
    expect(runtimeConfig()).toEqual({ apiBase: '/api', wsUrl: '', stage: 'local' });
  });

  it('fails loudly on a missing or malformed configuration', async () => {
    await expect(
      loadRuntimeConfig(docWith(null), async () => new Response('', { status: 404 })),
    ).rejects.toThrow('/config.json: 404');
    await expect(
      loadRuntimeConfig(docWith(null), async () => new Response('{"apiBase":""}', { status: 200 })),
    ).rejects.toThrow('not a runtime configuration');
  });
});
