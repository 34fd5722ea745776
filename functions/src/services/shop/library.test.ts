import { describe, expect, it } from 'vitest';
import { downloadName } from './library.ts';

describe('downloadName', () => {
  it('keeps the creator’s file name with the served file’s extension', () => {
    expect(downloadName({ key: 'private/item-image/c-1/full.webp', name: '写真1.jpg' }, 'x')).toBe(
      '写真1.webp',
    );
    expect(downloadName({ key: 'private/item-zip/c-1/original.zip', name: 'まとめ.zip' }, 'x')).toBe(
      'まとめ.zip',
    );
    expect(downloadName({ key: 'private/item-video/c-1/original.mp4', name: 'clip' }, 'x')).toBe('clip.mp4');
  });

  it('falls back to the item’s name when the file has none', () => {
    expect(downloadName({ key: 'private/item-image/c-1/full.webp' }, '夏-1')).toBe('夏-1.webp');
    expect(downloadName({ key: 'private/item-image/c-1/full.webp', name: '  ' }, '夏-2')).toBe('夏-2.webp');
    expect(downloadName({ key: 'private/item-image/c-1/full.webp', name: '.jpg' }, '夏-3')).toBe('夏-3.webp');
  });
});
