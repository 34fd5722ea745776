import { membershipStatuses } from '@app/shared/fanclub';
import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * A creator's fan club (one item in the fan club's partition `fanclub#<creatorId>`): what the card
 * shows, the price new members pay, open or closed to new members, and the count of current
 * members (changed in the same transaction as the membership: joins add, the job's ends subtract).
 */
export const Fanclub = new Entity({
  model: { entity: 'fanclub', version: '1', service: SERVICE },
  attributes: {
    creatorId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    description: { type: 'string', required: true, default: '' },
    benefits: { type: 'string', required: true, default: '' },
    /** Points per month for new members. */
    price: { type: 'number', required: true },
    isOpen: { type: 'boolean', required: true, default: true },
    members: { type: 'number', required: true, default: 0 },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byCreator: {
      pk: { field: 'pk', composite: ['creatorId'], template: 'fanclub#${creatorId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'fanclub', casing: 'none' },
    },
  },
});

/**
 * Published members-only posts of one JST month (`fanclub#<creatorId>`/`month#<YYYY-MM>`): the card's
 * "what joining opens" and the back numbers in one Query of the partition. Changed with the post's
 * own write (publish +1, delete −1).
 */
export const PostMonth = new Entity({
  model: { entity: 'postMonth', version: '1', service: SERVICE },
  attributes: {
    creatorId: { type: 'string', required: true, readOnly: true },
    month: { type: 'string', required: true, readOnly: true },
    posts: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    byCreator: {
      pk: { field: 'pk', composite: ['creatorId'], template: 'fanclub#${creatorId}', casing: 'none' },
      sk: { field: 'sk', composite: ['month'], template: 'month#${month}', casing: 'none' },
    },
  },
});

/**
 * A fan's membership of one fan club, one item for all its stints (`member#<fanId>`/`fc#<creatorId>`):
 * the state of shared/src/fanclub.ts `MembershipState`, written only under the `version` that was
 * read. gsi1 lists the creator's members (current ones under `a#`, ended ones under `z#`, newest
 * join first); gsi2 is the renewal job's index (`fc-due#<shard>` by due JST date), absent once ended.
 */
export const Membership = new Entity({
  model: { entity: 'membership', version: '1', service: SERVICE },
  attributes: {
    fanId: { type: 'string', required: true, readOnly: true },
    creatorId: { type: 'string', required: true, readOnly: true },
    status: { type: membershipStatuses, required: true },
    anchorDay: { type: 'number', required: true },
    renewsOn: { type: 'string', required: true },
    accessUntil: { type: 'string', required: true },
    autoRenew: { type: 'boolean', required: true },
    months: { type: 'list', items: { type: 'string' }, required: true },
    earlierMonths: { type: 'list', items: { type: 'string' }, required: true },
    stint: { type: 'number', required: true },
    monthsPaid: { type: 'number', required: true },
    failures: { type: 'number', required: true, default: 0 },
    /** Points charged at each renewal: the price when this stint began. */
    price: { type: 'number', required: true },
    /** Renewals and joins of this stint pay with the creator's original points first. */
    useOriginal: { type: 'boolean', required: true, default: false },
    /** `a` while current (active or past due), `z` once ended: the member list's two parts. */
    listPart: { type: ['a', 'z'] as const, required: true },
    joinedAt: { type: 'string', required: true },
    firstJoinedAt: { type: 'string', required: true, readOnly: true },
    /** The renewal job's next look (fanclub.ts `dueOnOf`) and its shard; absent once ended. */
    dueOn: { type: 'string' },
    dueShard: { type: 'string', required: true, readOnly: true },
    version: { type: 'number', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byFan: {
      pk: { field: 'pk', composite: ['fanId'], template: 'member#${fanId}', casing: 'none' },
      sk: { field: 'sk', composite: ['creatorId'], template: 'fc#${creatorId}', casing: 'none' },
    },
    byCreator: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['creatorId'], template: 'members#${creatorId}', casing: 'none' },
      sk: {
        field: 'gsi1sk',
        composite: ['listPart', 'joinedAt', 'fanId'],
        template: '${listPart}#${joinedAt}#${fanId}',
        casing: 'none',
      },
    },
    due: {
      index: 'gsi2',
      condition: (attr) => typeof attr.dueOn === 'string' && attr.dueOn !== '',
      pk: { field: 'gsi2pk', composite: ['dueShard'], template: 'fc-due#${dueShard}', casing: 'none' },
      sk: {
        field: 'gsi2sk',
        composite: ['dueOn', 'fanId', 'creatorId'],
        template: '${dueOn}#${fanId}#${creatorId}',
        casing: 'none',
      },
    },
  },
});

/**
 * A back-number pass: one past JST month of one creator's members-only posts, bought for good
 * (`member#<fanId>`/`fc#<creatorId>#pass#<month>`, created only if absent in the spend's transaction).
 * The membership and the fan's passes of a creator are one Query (`begins_with fc#<creatorId>`).
 */
export const BackNumberPass = new Entity({
  model: { entity: 'backNumberPass', version: '1', service: SERVICE },
  attributes: {
    fanId: { type: 'string', required: true, readOnly: true },
    creatorId: { type: 'string', required: true, readOnly: true },
    month: { type: 'string', required: true, readOnly: true },
    points: { type: 'number', required: true },
    txId: { type: 'string', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byFan: {
      pk: { field: 'pk', composite: ['fanId'], template: 'member#${fanId}', casing: 'none' },
      sk: {
        field: 'sk',
        composite: ['creatorId', 'month'],
        template: 'fc#${creatorId}#pass#${month}',
        casing: 'none',
      },
    },
  },
});

/** What happened to a membership, for the notices and the trigger broadcasts (stream INSERTs). */
export const fanclubEventKinds = ['join', 'renew', 'renew_failed', 'end', 'pass'] as const;

/**
 * One event of a membership (`fc-event#<eventId>`), written in the transaction of the change it
 * records; the id derives from the membership's version, so a replayed job writes the same item
 * (no second INSERT). `first` marks a fan's first join of this fan club (trigger broadcast 2).
 * Kept `eventDays` (TTL).
 */
export const FanclubEvent = new Entity({
  model: { entity: 'fanclubEvent', version: '1', service: SERVICE },
  attributes: {
    eventId: { type: 'string', required: true, readOnly: true },
    kind: { type: fanclubEventKinds, required: true, readOnly: true },
    fanId: { type: 'string', required: true, readOnly: true },
    creatorId: { type: 'string', required: true, readOnly: true },
    fanclubName: { type: 'string', required: true },
    points: { type: 'number' },
    /** renew_failed: the date of the next attempt; end: why (stopped, payment). */
    retryOn: { type: 'string' },
    reason: { type: ['stopped', 'payment'] as const },
    month: { type: 'string' },
    renewsOn: { type: 'string' },
    first: { type: 'boolean' },
    createdAt: { type: 'string', required: true, readOnly: true },
    ttl: { type: 'number' },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['eventId'], template: 'fc-event#${eventId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'event', casing: 'none' },
    },
  },
});
