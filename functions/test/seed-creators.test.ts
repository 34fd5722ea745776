/**
 * The demo creators of `npm start` (scripts/seed-creators.ts): enough of them, and their drawn
 * pictures go through the real pipeline into public media and the directory.
 */
import { describe, expect, inject, it } from 'vitest';
import { moreCreators, pictures } from '../../scripts/seed-creators.ts';
import { creator } from './helpers/chat.ts';
import { testDb } from './helpers/cloud.ts';

describe('demo creators', () => {
  it('are at least 12 with the three of seed.ts, each with a distinct username, a genre, an area and a Japanese bio', () => {
    expect(moreCreators.length + 3).toBeGreaterThanOrEqual(12);
    expect(new Set(moreCreators.map((c) => c.username)).size).toBe(moreCreators.length);
    for (const c of moreCreators) {
      expect(c.genre.length).toBeGreaterThan(0);
      expect(c.bio).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    }
  });

  it('get an avatar and a background through the upload pipeline, public and in the directory', async () => {
    const c = await creator();
    const demo = moreCreators[0];
    if (!demo) throw new Error('no demo creator');
    await pictures(inject('url'), c.token, demo);
    const { data: profile } = await testDb().entities.profile.get({ profileId: c.profileId }).go();
    expect(profile?.profileImage).toMatch(/^media\/avatar\/.+\/full\.webp$/);
    expect(profile?.backgroundImage).toMatch(/^media\/background\/.+\/full\.webp$/);
    const { data: doc } = await testDb().entities.searchDoc.get({ profileId: c.profileId }).go();
    expect(doc?.profileImage).toBe(profile?.profileImage);
    const served = await fetch(`${inject('url')}/${profile?.profileImage}`);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/webp']);
    // Two pictures drawn and re-encoded (sharp): slow on a busy machine.
  }, 120_000);
});
