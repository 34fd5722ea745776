import { type OperatorDetails, SAMPLE_OPERATOR } from '@app/shared/operator';
import {
  parseRuntimeConfig,
  RUNTIME_CONFIG_ELEMENT_ID,
  type RuntimeConfig,
} from '@app/shared/runtime-config';

export type { RuntimeConfig };

let current: RuntimeConfig | null = null;

/**
 * The runtime configuration: written into the page by the deployment (no request before the first
 * paint), else fetched from /config.json (a shell without it: vite preview). A missing or
 * malformed configuration fails loudly.
 */
export async function loadRuntimeConfig(
  doc: Pick<Document, 'getElementById'> = document,
  fetchFn: typeof fetch = fetch,
): Promise<RuntimeConfig> {
  const inline = inlineConfig(doc);
  if (inline) {
    current = inline;
    return current;
  }
  const res = await fetchFn('/config.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`/config.json: ${res.status} ${res.statusText}`);
  const parsed = parseRuntimeConfig(await res.json());
  if (!parsed) throw new Error('/config.json: not a runtime configuration');
  current = parsed;
  return current;
}

function inlineConfig(doc: Pick<Document, 'getElementById'>): RuntimeConfig | null {
  const text = doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return parseRuntimeConfig(JSON.parse(text));
  } catch {
    return null;
  }
}

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime configuration not loaded');
  return current;
}

/**
 * The operator's details on the legal pages: this stage's, from the runtime configuration (the
 * deployment writes the context `operator`, which prod refuses as long as it holds placeholders);
 * the samples only for a configuration without them (a unit test's).
 */
export function operatorDetails(): OperatorDetails {
  return current?.operator ?? SAMPLE_OPERATOR;
}

/** Cookies are SameSite=Lax without Secure only on the local stage. */
export function isLocalStage(): boolean {
  return current?.stage === 'local';
}
