import { businessConfig } from '@app/shared/config';
import { describe, expect, it } from 'vitest';
import { cutBio, thumbKey } from './cards.ts';

const MAX = businessConfig.social.cardBioMax;

describe('creator cards', () => {
  it('cut the bio to the configured length, counting characters, not UTF-16 units', () => {
    expect(cutBio(null)).toBeNull();
    expect(cutBio('')).toBeNull();
    const exact = '茸'.repeat(MAX);
    expect(cutBio(exact)).toBe(exact);
    const long = '🍄'.repeat(MAX + 5);
    const cut = cutBio(long) as string;
    expect([...cut]).toHaveLength(MAX);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.startsWith('🍄'.repeat(MAX - 1))).toBe(true);
  });

  it('use the list-size derivative of a processed image', () => {
    expect(thumbKey('media/avatar/p1/abc/full.webp')).toBe('media/avatar/p1/abc/thumb.webp');
    expect(thumbKey('media/other.png')).toBe('media/other.png');
    expect(thumbKey(undefined)).toBeNull();
  });
});
