import * as z from 'zod';

/** Runtime configuration of the web client, served as /config.json by the deployment. */
export const runtimeConfigSchema = z.object({
  apiBase: z.string().min(1),
  wsUrl: z.string().default(''),
  stage: z.string().min(1),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

let current: RuntimeConfig | null = null;

/** Fetch and check /config.json once; a missing or malformed file fails loudly. */
export async function loadRuntimeConfig(fetchFn: typeof fetch = fetch): Promise<RuntimeConfig> {
  const res = await fetchFn('/config.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`/config.json: ${res.status} ${res.statusText}`);
  current = runtimeConfigSchema.parse(await res.json());
  return current;
}

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime configuration not loaded');
  return current;
}

/** Cookies are SameSite=Lax without Secure only on the local stage. */
export function isLocalStage(): boolean {
  return current?.stage === 'local';
}
