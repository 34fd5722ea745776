import { type OperatorDetails, parseOperator } from './operator.ts';

/**
 * The web client's runtime configuration (API base, WebSocket URL, stage, the operator's details
 * for the legal pages). It is written into the
 * app shell (index.html and 404.html) when the site is deployed, so the first page needs no extra
 * request for it: the deployment (infra/src/site-stack.ts) and the local site server
 * (scripts/local/site.ts) both use `inlineRuntimeConfig`. /config.json is still served with the
 * same content, for a shell without it (vite preview, an older tab).
 */
export interface RuntimeConfig {
  apiBase: string;
  wsUrl: string;
  stage: string;
  /**
   * The operator's details of this stage (shared/src/operator.ts). The deployment, the local cloud
   * and the dev server always write them; absent only in a unit test's configuration.
   */
  operator?: OperatorDetails;
}

/** The id of the `<script type="application/json">` element holding the configuration. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';

/** What the built shell holds in that element until the deployment writes the configuration in. */
export const RUNTIME_CONFIG_PLACEHOLDER = '"__RUNTIME_CONFIG__"';

/** The shell with the configuration written in (`<` escaped, so no value can close the element). */
export function inlineRuntimeConfig(html: string, config: RuntimeConfig): string {
  if (!html.includes(RUNTIME_CONFIG_PLACEHOLDER)) {
    throw new Error(
      `The app shell has no ${RUNTIME_CONFIG_PLACEHOLDER} placeholder to inline the configuration into`,
    );
  }
  const json = JSON.stringify({
    apiBase: config.apiBase,
    wsUrl: config.wsUrl,
    stage: config.stage,
    ...(config.operator ? { operator: config.operator } : {}),
  }).replace(/</g, '\\u003c');
  return html.replace(RUNTIME_CONFIG_PLACEHOLDER, () => json);
}

/** A checked configuration, or null when the value is not one (no zod: this runs before the first paint). */
export function parseRuntimeConfig(value: unknown): RuntimeConfig | null {
  if (!value || typeof value !== 'object') return null;
  const { apiBase, wsUrl = '', stage, operator } = value as Record<string, unknown>;
  if (typeof apiBase !== 'string' || apiBase.length === 0) return null;
  if (typeof stage !== 'string' || stage.length === 0) return null;
  if (typeof wsUrl !== 'string') return null;
  if (operator === undefined) return { apiBase, wsUrl, stage };
  const details = parseOperator(operator);
  return details ? { apiBase, wsUrl, stage, operator: details } : null;
}
