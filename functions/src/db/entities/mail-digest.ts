import { mailKinds } from '@app/shared/mail-kinds';
import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * One person's e-mail notifications of one kind (`mail#<profileId>`/`digest#<kind>`): the choice
 * (`enabled`; absent = the kind's default: on for creators' `replies`, off for fans' kinds), the
 * language the mail is written in, and the hourly digest's state.
 *
 * - `dueAt`: the earliest time the next digest may go; set by the stream consumers
 *   (services/email-notifications/marks.ts) only when not set yet, for an event newer than
 *   `coveredUntil`. gsi1 (`maildue#<shard>` by `dueAt`) is sparse: absent while nothing is due.
 * - `lastSentAt`: the last digest's time; the job's claim of a send is conditional on it (at most
 *   one a `digestIntervalMinutes`) and on the `dueAt` it read (two runs send once).
 * - `coveredUntil`: the newest event time the last digest's read reflected (the room rows' last
 *   messages, the notices read), also after a run that found nothing waiting: a redelivered stream
 *   record of an older event marks nothing, a newer event does.
 */
export const MailDigest = new Entity({
  model: { entity: 'mailDigest', version: '1', service: SERVICE },
  attributes: {
    profileId: { type: 'string', required: true, readOnly: true },
    kind: { type: mailKinds, required: true, readOnly: true },
    enabled: { type: 'boolean' },
    lang: { type: ['ja', 'en'] as const },
    dueShard: { type: 'string', required: true },
    dueAt: { type: 'string' },
    lastSentAt: { type: 'string' },
    coveredUntil: { type: 'string' },
    updatedAt: { type: 'string' },
  },
  indexes: {
    byProfile: {
      pk: { field: 'pk', composite: ['profileId'], template: 'mail#${profileId}', casing: 'none' },
      sk: { field: 'sk', composite: ['kind'], template: 'digest#${kind}', casing: 'none' },
    },
    due: {
      index: 'gsi1',
      condition: (attr) => typeof attr.dueAt === 'string' && attr.dueAt !== '',
      pk: { field: 'gsi1pk', composite: ['dueShard'], template: 'maildue#${dueShard}', casing: 'none' },
      sk: {
        field: 'gsi1sk',
        composite: ['dueAt', 'profileId', 'kind'],
        template: '${dueAt}#${profileId}#${kind}',
        casing: 'none',
      },
    },
  },
});
