import type { PostView } from '@app/shared/schemas/fanclub';
import { describe, expect, it } from 'vitest';
import { buildPostBody, excerptOf, postIssuesOf, valuesOf } from './model.ts';

const NOW = new Date('2027-01-10T03:00:00.000Z');

const post = (over: Partial<PostView> = {}): PostView => ({
  id: '01JABCDEFGHJKMNPQRSTVWXYZ0',
  creator_id: 'me',
  visibility: 'members',
  status: 'scheduled',
  month: '2027-01',
  published_at: '2027-01-20T11:30:00.000Z',
  text: '予約',
  images: [],
  video: null,
  image_count: 0,
  has_video: false,
  lock: null,
  edit: { images: [], video: null },
  ...over,
});

describe('the post form model', () => {
  it('reads a scheduled post back as a JST date-time and sends it as an instant', () => {
    const v = valuesOf(post());
    expect(v).toMatchObject({ when: 'later', publishAt: '2027-01-20T20:30', visibility: 'members' });
    expect(buildPostBody(post(), v, { images: ['k1'], video: 'v' })).toEqual({
      id: '01JABCDEFGHJKMNPQRSTVWXYZ0',
      text: '予約',
      visibility: 'members',
      images: ['k1'],
      video: null,
      publish_at: '2027-01-20T11:30:00.000Z',
    });
  });

  it('a published post never sends a time; "now" sends null', () => {
    const published = post({ status: 'published' });
    expect(
      buildPostBody(published, { ...valuesOf(published), when: 'later' }, { images: [], video: null })
        .publish_at,
    ).toBeNull();
    expect(
      buildPostBody(null, { ...valuesOf(null), text: 'x' }, { images: [], video: null }).publish_at,
    ).toBeNull();
  });

  it('checks the contract and the schedule window on the given clock', () => {
    const body = (publishAt: string) =>
      buildPostBody(
        null,
        { ...valuesOf(null), text: 'x', when: 'later', publishAt },
        { images: [], video: null },
      );
    expect(postIssuesOf(body('2027-01-10T12:04'), NOW)).toEqual({ publish_at: 'validation.postPublishAt' });
    expect(postIssuesOf(body('2027-01-10T12:05'), NOW)).toEqual({});
    expect(postIssuesOf(body('2028-01-11T12:00'), NOW)).toEqual({
      publish_at: 'validation.postPublishAtFar',
    });
    expect(postIssuesOf(body(''), NOW)).toEqual({ publish_at: 'validation.postPublishAt' });
    expect(postIssuesOf(buildPostBody(null, valuesOf(null), { images: [], video: null }), NOW)).toEqual({
      text: 'validation.postContent',
    });
    expect(
      postIssuesOf(
        {
          ...buildPostBody(null, valuesOf(null), { images: [], video: null }),
          images: ['uploads/post-image/me/me-1.png'],
          video: 'uploads/post-video/me/me-2.mp4',
        },
        NOW,
      ).video,
    ).toBe('validation.postMediaBoth');
  });

  it('sends only the chosen kind of files', () => {
    const v = { ...valuesOf(null), text: 'x', media: 'video' as const };
    expect(buildPostBody(null, v, { images: ['a', 'b'], video: 'v' })).toMatchObject({
      images: [],
      video: 'v',
    });
  });

  it('cuts the excerpt at the first line', () => {
    expect(excerptOf('一行目\n二行目')).toBe('一行目');
    expect(excerptOf('あ'.repeat(100), 10)).toBe(`${'あ'.repeat(9)}…`);
    expect(excerptOf(null)).toBe('');
  });
});
