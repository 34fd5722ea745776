import { describe, expect, it } from 'vitest';
import { type MediaPurpose, mediaConfig, mediaPurposes } from './media.ts';

const purposes = Object.entries(mediaPurposes) as [string, MediaPurpose][];

describe('the table of upload purposes', () => {
  it('covers every feature that takes files, each in its own key folder', () => {
    expect(Object.keys(mediaPurposes).sort()).toEqual(
      [
        'avatar',
        'background',
        'banner',
        'broadcastPhoto',
        'broadcastVideo',
        'chatPhoto',
        'chatVideo',
        'itemImage',
        'itemThumbnail',
        'itemVideo',
        'itemZip',
        'logo',
        'postImage',
        'postVideo',
        'returnGiftPhoto',
        'returnGiftVideo',
        'sample',
        // Console: a stamp's picture (issue 17)
        'stamp',
      ].sort(),
    );
    const folders = purposes.map(([, p]) => p.folder);
    expect(new Set(folders).size).toBe(folders.length);
    for (const folder of folders) expect(folder).toMatch(/^[a-z-]+$/);
  });

  it('keeps the figures of DECISIONS.md: images JPEG, PNG or WebP up to 20 MB, avatar 512 px square, background 1600 px wide', () => {
    for (const [name, p] of purposes.filter(([, p]) => p.kind === 'image')) {
      expect(Object.keys(p.types), name).toEqual(
        expect.arrayContaining(['image/jpeg', 'image/png', 'image/webp']),
      );
      expect(p.maxBytes, name).toBe(20 * 1024 * 1024);
      expect(p.derivatives?.length, name).toBeGreaterThan(0);
    }
    expect(mediaPurposes.avatar.derivatives?.[0]).toEqual({
      name: 'full',
      width: 512,
      height: 512,
      fit: 'cover',
    });
    expect(mediaPurposes.background.derivatives?.[0]).toMatchObject({ width: 1600, fit: 'inside' });
  });

  it('has a sane size range everywhere, and serves only profile-like media publicly', () => {
    for (const [name, p] of purposes) {
      expect(p.minBytes, name).toBeGreaterThan(0);
      expect(p.maxBytes, name).toBeGreaterThan(p.minBytes);
      for (const ext of Object.values(p.types)) expect(ext, name).toMatch(/^[a-z0-9]{2,4}$/);
    }
    const publicOnes = purposes.filter(([, p]) => p.visibility === 'public').map(([n]) => n);
    // Stamps' pictures are public like the bundled ones every fan's client shows.
    expect(publicOnes.sort()).toEqual([
      'avatar',
      'background',
      'banner',
      'itemThumbnail',
      'logo',
      'sample',
      'stamp',
    ]);
    expect(mediaConfig.prefixes).toEqual({ uploads: 'uploads/', public: 'media/', private: 'private/' });
  });
});
