/**
 * Bundles only the parts of the `square` SDK that functions/src/lib/square.ts uses. The SDK's entry
 * requires a client for each of Square's 36 APIs, and each resource client requires the whole
 * serialization barrel (CommonJS: 1.8 MB of serializers that esbuild cannot tree-shake). In a bundle:
 * - `square` becomes a module with the same `SquareClient` (options normalized by the SDK's own
 *   BaseClient), offering only SQUARE_RESOURCES, and the SDK's own error classes;
 * - `serialization/index` becomes a module with only the serializers those resource clients name
 *   (each required from its own file, with what it requires);
 * - node-fetch, form-data and the other fallbacks for Node < 18 and multipart uploads become a
 *   module that throws if ever called (the SDK uses Node's own fetch on Node ≥ 18, and we upload no files);
 * - `api` (every type and enum of the API, ~200 KB), which only errors/SquareError.js requires at run
 *   time and only for two enums, becomes a module with those two (ErrorCategory, ErrorCode);
 * - the sub-resource clients of those resources (customers' groups, segments, custom attributes and
 *   its deprecated cards: ~60 KB, created only by their getters, which lib/square.ts never reads)
 *   become classes that throw if ever constructed.
 * From source (tests, the local cloud) the full SDK runs; scripts/square-sdk-plugin.test.ts drives
 * the bundled form against the local Square stand-in.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'esbuild';

/** The SquareClient resources lib/square.ts uses: [getter name, folder under api/resources, class]. */
export const SQUARE_RESOURCES = [
  ['cards', 'cards', 'CardsClient'],
  ['customers', 'customers', 'CustomersClient'],
  ['payments', 'payments', 'PaymentsClient'],
] as const;

const UNUSED =
  /^(node-fetch|form-data|formdata-node|form-data-encoder|readable-stream|square-legacy)(\/.*)?$/;

const sdkDir = () => path.dirname(createRequire(import.meta.url).resolve('square'));

function jsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return jsFiles(file);
    return name.endsWith('.js') ? [file] : [];
  });
}

/** The serializers the used resource clients name, each with the file that defines it. */
function neededSerializers(sdk: string): Map<string, string> {
  const names = new Set<string>();
  for (const [, folder] of SQUARE_RESOURCES) {
    const client = readFileSync(path.join(sdk, 'api/resources', folder, 'client/Client.js'), 'utf8');
    for (const m of client.matchAll(/serializers\.(\w+)\./g)) if (m[1]) names.add(m[1]);
  }
  const defined = new Map<string, string>();
  for (const file of jsFiles(path.join(sdk, 'serialization'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^exports\.(\w+) = (?!void 0)/gm)) {
      if (m[1] && names.has(m[1]) && !defined.has(m[1])) defined.set(m[1], file);
    }
  }
  const missing = [...names].filter((n) => !defined.has(n));
  if (missing.length) throw new Error(`square-sdk-plugin: no serializer file for ${missing.join(', ')}`);
  return defined;
}

export function squareSdkPlugin(): Plugin {
  return {
    name: 'square-sdk',
    setup(build) {
      const sdk = sdkDir();
      const req = (file: string) => JSON.stringify(path.join(sdk, file));
      build.onResolve({ filter: /^square$/ }, () => ({ path: 'square', namespace: 'square-sdk' }));
      build.onResolve({ filter: /(^|\/)serialization(\/index)?(\.js)?$/ }, (args) => {
        const target = path.resolve(args.resolveDir, args.path);
        const isBarrel =
          target === path.join(sdk, 'serialization') ||
          target.startsWith(path.join(sdk, 'serialization/index'));
        return isBarrel ? { path: 'serialization', namespace: 'square-sdk' } : undefined;
      });
      build.onResolve({ filter: UNUSED }, (args) => ({ path: args.path, namespace: 'square-unused' }));
      build.onResolve({ filter: /^\.\.\/api$/ }, (args) =>
        args.importer === path.join(sdk, 'errors/SquareError.js')
          ? { path: 'api-enums', namespace: 'square-sdk' }
          : undefined,
      );
      build.onLoad({ filter: /^api-enums$/, namespace: 'square-sdk' }, () => ({
        resolveDir: sdk,
        loader: 'js',
        contents: ['ErrorCategory', 'ErrorCode']
          .map((name) => `exports.${name} = require(${req(`api/types/${name}.js`)}).${name};`)
          .join('\n'),
      }));
      const usedClients = SQUARE_RESOURCES.map(([, folder]) =>
        path.join(sdk, 'api/resources', folder, 'client/Client.js'),
      );
      build.onResolve({ filter: /^\.\.\/resources\/\w+\/client\/Client$/ }, (args) =>
        usedClients.includes(args.importer)
          ? { path: `${path.resolve(args.resolveDir, args.path)}.js`, namespace: 'square-unused-client' }
          : undefined,
      );
      build.onLoad({ filter: /^square$/, namespace: 'square-sdk' }, () => ({
        resolveDir: sdk,
        loader: 'js',
        contents: [
          `const { normalizeClientOptionsWithAuth } = require(${req('BaseClient.js')});`,
          `const errors = require(${req('errors/index.js')});`,
          ...SQUARE_RESOURCES.map(
            ([, folder, cls]) =>
              `const { ${cls} } = require(${req(`api/resources/${folder}/client/Client.js`)});`,
          ),
          'class SquareClient {',
          '  constructor(options = {}) { this._options = normalizeClientOptionsWithAuth(options); }',
          ...SQUARE_RESOURCES.map(
            ([name, , cls]) => `  get ${name}() { return (this._${name} ??= new ${cls}(this._options)); }`,
          ),
          '}',
          'module.exports = { SquareClient, SquareError: errors.SquareError, SquareTimeoutError: errors.SquareTimeoutError };',
        ].join('\n'),
      }));
      build.onLoad({ filter: /^serialization$/, namespace: 'square-sdk' }, () => ({
        resolveDir: sdk,
        loader: 'js',
        contents: [...neededSerializers(sdk)]
          .map(([name, file]) => `exports.${name} = require(${JSON.stringify(file)}).${name};`)
          .join('\n'),
      }));
      build.onLoad({ filter: /.*/, namespace: 'square-unused-client' }, (args) => ({
        loader: 'js',
        contents: [
          ...new Set(
            [...readFileSync(args.path, 'utf8').matchAll(/^exports\.(\w+Client) = /gm)].map((m) => m[1]),
          ),
        ]
          .map(
            (name) =>
              `exports.${name} = class { constructor() { throw new Error(${JSON.stringify(`${name} is left out of this bundle (scripts/square-sdk-plugin.ts)`)}); } };`,
          )
          .join('\n'),
      }));
      build.onLoad({ filter: /.*/, namespace: 'square-unused' }, (args) => ({
        loader: 'js',
        contents: `throw new Error(${JSON.stringify(`${args.path} is left out of this bundle (scripts/square-sdk-plugin.ts)`)});`,
      }));
    },
  };
}
