import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyNativeModules, nativeImportsOf } from './native-modules.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'kinoko-native-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('modules shipped beside a Lambda bundle', () => {
  it('are found among the external imports of a bundle', () => {
    expect(
      nativeImportsOf([
        { path: 'sharp', external: true },
        { path: '@aws-sdk/client-s3', external: true },
        { path: 'file-type', external: true },
        { path: 'sharp', external: true },
      ]),
    ).toEqual(['sharp', 'file-type']);
  });

  it('make a folder that works on its own: sharp (linux-x64 binaries) and file-type load from it', async () => {
    const runtime = await copyNativeModules(dir, ['sharp', 'file-type']);
    expect(runtime).toMatchObject({ architecture: 'x86_64', native: ['sharp', 'file-type'] });
    expect(JSON.parse(readFileSync(path.join(dir, 'runtime.json'), 'utf8'))).toEqual(runtime);
    // Outside the repository, as in the Lambda asset: only the copied node_modules can resolve them.
    const out = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const sharp = (await import('sharp')).default; const { fileTypeFromBuffer } = await import('file-type');" +
          "const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } }).png().toBuffer();" +
          'console.log((await fileTypeFromBuffer(png)).mime, import.meta.resolve("sharp"))',
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    const [mime, resolved] = out.trim().split(' ');
    expect(mime).toBe('image/png');
    expect(resolved?.startsWith(`file://${dir}/node_modules/sharp/`)).toBe(true);
  });
});
