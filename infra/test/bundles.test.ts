/** `npm run synth` builds what it needs: when outputs are missing or older than their sources. */
import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { handlerId, manifest } from '@app/functions/manifest';
import { describe, expect, it } from 'vitest';
import { bundleFiles, ensureBuilt, manifestHandlers, staleReason } from '../src/bundles.ts';
import { testConfig } from './synth.ts';

const handlers = ['http/auth/login', 'ws/connect'];
const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));

/** A functions folder with the bundles of `handlers` and a source folder, with chosen times. */
function fixture(bundleTime: number, sourceTime: number) {
  const root = mkdtempSync(path.join(tmpdir(), 'kinoko-bundles-'));
  const functionsDir = path.join(root, 'functions');
  for (const handler of handlers) {
    const dir = path.join(functionsDir, handlerId(handler));
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'index.mjs'), 'export const handler = () => {};\n');
    utimesSync(path.join(dir, 'index.mjs'), at(bundleTime), at(bundleTime));
  }
  const sources = path.join(root, 'src');
  mkdirSync(path.join(sources, 'deep'), { recursive: true });
  writeFileSync(path.join(sources, 'deep', 'a.ts'), '');
  utimesSync(path.join(sources, 'deep', 'a.ts'), at(sourceTime), at(sourceTime));
  return { functionsDir, sources: [sources, path.join(root, 'absent.json')] };
}

describe('stale bundles', () => {
  it('are fresh when every bundle is newer than every source', () => {
    const { functionsDir, sources } = fixture(20, 10);
    expect(staleReason(bundleFiles(functionsDir, handlers), sources)).toBeUndefined();
  });

  it('must be built when a source changed after the oldest bundle', () => {
    const { functionsDir, sources } = fixture(20, 30);
    expect(staleReason(bundleFiles(functionsDir, handlers), sources)).toMatch(
      /deep\/a\.ts changed since the last build/,
    );
  });

  it('must be built when a bundle is missing', () => {
    const { functionsDir, sources } = fixture(20, 10);
    expect(staleReason(bundleFiles(functionsDir, [...handlers, 'http/auth/logout']), sources)).toMatch(
      /1 of 3 outputs missing/,
    );
  });

  it('names every handler of the manifest once', () => {
    const all = manifestHandlers(manifest);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain(manifest.streamConsumers[0]?.handler);
    expect(all).toContain(manifest.jobs[0]?.handler);
  });

  it('are never built into a functionsDir or siteDir given in context', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kinoko-given-'));
    const siteDir = mkdtempSync(path.join(tmpdir(), 'kinoko-given-site-'));
    ensureBuilt(testConfig(dir, { siteDir }), manifest);
    expect(readdirSync(dir)).toEqual([]);
    expect(readdirSync(siteDir)).toEqual([]);
  });
});
