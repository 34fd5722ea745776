/**
 * ElectroDB (CommonJS, bundled whole) requires `jsonschema` (28 KB of a 300 KB bundle) only to
 * check entity models when they are built, at every cold start: 28 entities, each checked against
 * two schemas, and once more when the Service takes them. In a Lambda bundle `jsonschema`, when
 * ElectroDB requires it, becomes electrodb-model-check.ts: the checks ElectroDB needs to tell a
 * model from an Entity instance, without the deep model checks. That is safe because our models
 * are static code: from source (every test, the local cloud) ElectroDB runs the real jsonschema on
 * every one of them, and functions/src/db/service.test.ts builds every entity that way. A model
 * mistake is found by the tests, never first in a Lambda. scripts/electrodb-plugin.test.ts bundles
 * the table layer as the build does and checks both the swap and the result.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';

export const ELECTRODB_MODEL_CHECK = fileURLToPath(new URL('./electrodb-model-check.ts', import.meta.url));

export function electrodbPlugin(): Plugin {
  return {
    name: 'electrodb-model-check',
    setup(build) {
      build.onResolve({ filter: /^jsonschema$/ }, (args) =>
        args.importer.split(path.sep).includes('electrodb') ? { path: ELECTRODB_MODEL_CHECK } : undefined,
      );
    },
  };
}
