import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/** A job's catch-up cursor (`cursor`): the last bucket it finished, so a late run catches up. */
export const JobCursor = new Entity({
  model: { entity: 'jobCursor', version: '1', service: SERVICE },
  attributes: {
    jobName: { type: 'string', required: true, readOnly: true },
    value: { type: 'string', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byJob: {
      pk: { field: 'pk', composite: ['jobName'], template: 'job#${jobName}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'cursor', casing: 'none' },
    },
  },
});
