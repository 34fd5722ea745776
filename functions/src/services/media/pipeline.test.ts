import { mediaPurposes } from '@app/shared/media';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../lib/errors.ts';
import type { MediaStore } from '../../lib/media-store.ts';
import { encodeImage, processUpload, SCAN_CLEAN, SCAN_TAG } from './check.ts';
import { dispositionOf } from './pipeline.ts';

const purpose = mediaPurposes.chatPhoto;
const key = 'uploads/chat-photo/room/me-1.png';

async function store(tags: Record<string, string>) {
  const bytes = new Uint8Array(
    await sharp({ create: { width: 32, height: 32, channels: 3, background: '#123' } })
      .png()
      .toBuffer(),
  );
  const written: string[] = [];
  const media = {
    stat: async () => ({ size: bytes.length, contentType: 'image/png' }),
    tags: async () => tags,
    read: async () => bytes,
    write: async (k: string) => void written.push(k),
  } as unknown as MediaStore;
  return { media, written };
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: AppError) => [e.code, e.issues?.[0]?.message ?? null],
  );

describe('the check step in AWS (GuardDuty Malware Protection for S3)', () => {
  it('waits for the scan: an untagged upload is a 409 media_scanning, nothing written', async () => {
    const { media, written } = await store({});
    expect(await refusal(processUpload({ media, scan: 'guardduty' }, purpose, key, 'room/me'))).toEqual([
      'media_scanning',
      null,
    ]);
    expect(written).toEqual([]);
  });

  it('refuses an upload with threats found (or a failed scan) for good', async () => {
    for (const status of ['THREATS_FOUND', 'UNSUPPORTED', 'ACCESS_DENIED', 'FAILED']) {
      const { media, written } = await store({ [SCAN_TAG]: status });
      expect(await refusal(processUpload({ media, scan: 'guardduty' }, purpose, key, 'room/me'))).toEqual([
        'validation',
        'validation.mediaUnsafe',
      ]);
      expect(written).toEqual([]);
    }
  });

  it('uses a clean upload; locally (no scan) the type and size check decide alone', async () => {
    for (const [scan, tags] of [
      ['guardduty', { [SCAN_TAG]: SCAN_CLEAN }],
      ['none', {}],
    ] as const) {
      const { media, written } = await store(tags);
      const out = await processUpload({ media, scan }, purpose, key, 'room/me');
      expect(out.key).toMatch(/^private\/chat-photo\/room\/me-[0-9a-f-]{36}\/full\.webp$/);
      expect(written).toEqual([out.key]);
    }
  });
});

describe('images', () => {
  it('makes every derivative of the purpose in its box (cropped squares, fitted sizes)', async () => {
    const wide = await sharp({ create: { width: 3200, height: 800, channels: 3, background: '#abc' } })
      .jpeg()
      .toBuffer();
    const sizes = async (out: { name: string; bytes: Uint8Array }[]) =>
      Promise.all(
        out.map(async (d) => {
          const m = await sharp(d.bytes).metadata();
          return [d.name, m.format, m.width, m.height];
        }),
      );
    expect(await sizes(await encodeImage(mediaPurposes.avatar, wide))).toEqual([
      ['full', 'webp', 512, 512],
      ['thumb', 'webp', 128, 128],
    ]);
    expect(await sizes(await encodeImage(mediaPurposes.background, wide))).toEqual([
      ['full', 'webp', 1600, 400],
      ['thumb', 'webp', 800, 200],
    ]);
  });

  it('refuses images outside the dimension range', async () => {
    const tiny = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#abc' } })
      .png()
      .toBuffer();
    expect(await refusal(encodeImage(purpose, tiny))).toEqual(['validation', 'validation.mediaDimensions']);
  });

  it('serves media inline and anything else as a download', () => {
    expect(dispositionOf('image/webp')).toBe('inline');
    expect(dispositionOf('video/mp4')).toBe('inline');
    expect(dispositionOf('application/zip')).toBe('attachment');
  });
});
