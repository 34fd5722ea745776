import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * A notice to a profile (spec "Notice kinds"), newest first by its time-ordered id. The id comes
 * from the event (e.g. the message id and the side), so writing it again is a no-op. Kept a year.
 */
export const Notice = new Entity({
  model: { entity: 'notice', version: '1', service: SERVICE },
  attributes: {
    profileId: { type: 'string', required: true, readOnly: true },
    noticeId: { type: 'string', required: true, readOnly: true },
    kind: { type: 'string', required: true, readOnly: true },
    /** Placeholder values of the notice's message (points, stamp_name, nickname…) and link targets. */
    params: { type: 'any', readOnly: true },
    readAt: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
    ttl: { type: 'number', required: true, readOnly: true },
  },
  indexes: {
    byProfile: {
      pk: { field: 'pk', composite: ['profileId'], template: 'notices#${profileId}', casing: 'none' },
      sk: { field: 'sk', composite: ['noticeId'], template: '${noticeId}', casing: 'none' },
    },
  },
});
