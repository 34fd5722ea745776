/**
 * Modules kept out of the Lambda bundles and shipped beside them: esbuild cannot bundle sharp (a
 * Node-API addon with libvips), and file-type (~85 KB) is loaded only when an upload is checked,
 * so it stays out of what every cold start of `POST /chat` loads. Each stays external and is
 * copied, with the packages it loads at run time, into a `node_modules` folder beside each bundle
 * that imports it (the folder is that Lambda's asset).
 * The prebuilt binaries are those npm installed from the registry for linux-x64
 * (`@img/sharp-linux-x64`, `@img/sharp-libvips-linux-x64`), so a bundle with native modules runs
 * on x86_64: `runtime.json` beside it says so, and the CDK function reads it
 * (infra/src/handler-function.ts). Nothing is downloaded at build or run time.
 */
import { existsSync } from 'node:fs';
import { cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Shipped packages, and every package each one loads at run time on Lambda (linux x64, glibc). */
export const NATIVE_MODULES: Record<string, { packages: readonly string[]; native: boolean }> = {
  sharp: {
    packages: [
      'sharp',
      '@img/colour',
      'detect-libc',
      'semver',
      '@img/sharp-linux-x64',
      '@img/sharp-libvips-linux-x64',
    ],
    native: true,
  },
  'file-type': {
    packages: [
      'file-type',
      '@tokenizer/inflate',
      'debug',
      'ms',
      'strtok3',
      '@tokenizer/token',
      'token-types',
      '@borewit/text-codec',
      'ieee754',
      'uint8array-extras',
    ],
    native: false,
  },
};

/** What a bundle with shipped modules needs from its function (written as runtime.json). */
export interface BundleRuntime {
  /** x86_64 when a native module is shipped (its binaries are linux-x64), else the default. */
  architecture: 'x86_64' | 'arm64';
  /** Image decoding holds whole pictures in memory. */
  memorySize: number;
  native: string[];
}

export const NATIVE_RUNTIME = { architecture: 'x86_64', memorySize: 1024 } as const;

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The installed folder of a package (the functions workspace's own, else the hoisted one). */
function packageDir(name: string): string {
  const dir = [
    path.join(rootDir, 'functions', 'node_modules', name),
    path.join(rootDir, 'node_modules', name),
  ].find((d) => existsSync(path.join(d, 'package.json')));
  if (!dir)
    throw new Error(`${name} is not installed: run npm install (on linux x64 for the Lambda binaries)`);
  return dir;
}

/** Copies the native modules a bundle imports beside it and writes its runtime.json. */
export async function copyNativeModules(
  bundleDir: string,
  modules: readonly string[],
): Promise<BundleRuntime> {
  const packages = [...new Set(modules.flatMap((m) => NATIVE_MODULES[m]?.packages ?? []))];
  for (const name of packages) {
    await cp(packageDir(name), path.join(bundleDir, 'node_modules', name), {
      recursive: true,
      dereference: true,
    });
  }
  const native = modules.some((m) => NATIVE_MODULES[m]?.native);
  const runtime: BundleRuntime = native
    ? { ...NATIVE_RUNTIME, native: [...modules] }
    : { architecture: 'arm64', memorySize: 512, native: [...modules] };
  await writeFile(path.join(bundleDir, 'runtime.json'), `${JSON.stringify(runtime, null, 2)}\n`);
  return runtime;
}

/** The native modules among a bundle's external imports (esbuild metafile). */
export function nativeImportsOf(imports: readonly { path: string; external?: boolean }[]): string[] {
  return [...new Set(imports.filter((i) => i.external && i.path in NATIVE_MODULES).map((i) => i.path))];
}
