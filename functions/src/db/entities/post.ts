import { postStatuses, postVisibilities } from '@app/shared/fanclub';
import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * A fan club post (`post#<postId>`, a ULID): text with up to 10 images or one video (private media:
 * readers get presigned GETs after the access rule), public or members only, published now or at
 * `publishAt` by a one-time schedule (`scheduleName`). A members-only post belongs to the JST
 * `month` it was published in. gsi1 lists a creator's posts: `published#<publishedAt>` newest
 * first for readers, `scheduled#<publishAt>` for the creator. Deleting removes the item (its files
 * follow from the stream).
 */
export const Post = new Entity({
  model: { entity: 'post', version: '1', service: SERVICE },
  attributes: {
    postId: { type: 'string', required: true, readOnly: true },
    creatorId: { type: 'string', required: true, readOnly: true },
    text: { type: 'string', required: true, default: '' },
    visibility: { type: postVisibilities, required: true },
    status: { type: postStatuses, required: true },
    /** Published: when it was; scheduled: when it will be. The list's order. */
    publishedAt: { type: 'string', required: true },
    /** JST month of `publishedAt` (back numbers). */
    month: { type: 'string', required: true },
    /** Processed image files in order: the full view and the list thumbnail (private keys). */
    images: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          key: { type: 'string', required: true },
          thumbKey: { type: 'string', required: true },
          width: { type: 'number' },
          height: { type: 'number' },
        },
      },
    },
    video: {
      type: 'map',
      properties: { key: { type: 'string', required: true }, bytes: { type: 'number' } },
    },
    /** The one-time schedule that publishes a scheduled post. */
    scheduleName: { type: 'string' },
    version: { type: 'number', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['postId'], template: 'post#${postId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'post', casing: 'none' },
    },
    byCreator: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['creatorId'], template: 'posts#${creatorId}', casing: 'none' },
      sk: {
        field: 'gsi1sk',
        composite: ['status', 'publishedAt', 'postId'],
        template: '${status}#${publishedAt}#${postId}',
        casing: 'none',
      },
    },
  },
});

/**
 * Files a post no longer holds (`post#<postId>`/`files-gone#<version>`), written in the same
 * transaction as the post's delete or the edit that dropped them: the stream consumer
 * streams/fanclub-post-files deletes the listed prefixes of the media bucket (idempotent), so a
 * crash between the commit and the clean-up loses no file the post still names and leaves none
 * behind. Expires (`ttl`) after the consumer had days to run.
 */
export const PostFileRemoval = new Entity({
  model: { entity: 'postFileRemoval', version: '1', service: SERVICE },
  attributes: {
    postId: { type: 'string', required: true, readOnly: true },
    /** The version of the post's write that made it (one marker per write). */
    version: { type: 'number', required: true, readOnly: true },
    creatorId: { type: 'string', required: true, readOnly: true },
    /** Key prefixes to delete: processed file folders, or the whole post's folders on delete. */
    prefixes: { type: 'list', items: { type: 'string' }, required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    ttl: { type: 'number', required: true, readOnly: true },
  },
  indexes: {
    byPost: {
      pk: { field: 'pk', composite: ['postId'], template: 'post#${postId}', casing: 'none' },
      sk: { field: 'sk', composite: ['version'], template: 'files-gone#${version}', casing: 'none' },
    },
  },
});
