import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * A fan's support of a creator: the point value spent on them (chat, stamps, items, fan club),
 * all time (`period` = `all`) and per JST month (`period` = `<ym>`). Kept by a consumer of the
 * ledger's journal records: `lastTxIds` holds the recent movements counted, so a replayed record
 * adds nothing. gsi1 ranks the fans of one creator and period by total, highest first; gsi2 lists
 * the creators a fan supports (leave cascade).
 */
export const Supporter = new Entity({
  model: { entity: 'supporter', version: '1', service: SERVICE },
  attributes: {
    creatorId: { type: 'string', required: true, readOnly: true },
    period: { type: 'string', required: true, readOnly: true },
    fanId: { type: 'string', required: true, readOnly: true },
    total: { type: 'number', required: true, padding: { length: 12, char: '0' } },
    lastTxIds: { type: 'list', items: { type: 'string' } },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byCreator: {
      pk: {
        field: 'pk',
        composite: ['creatorId'],
        template: 'supporter#${creatorId}',
        casing: 'none',
      },
      sk: { field: 'sk', composite: ['period', 'fanId'], template: '${period}#fan#${fanId}', casing: 'none' },
    },
    ranking: {
      index: 'gsi1',
      pk: {
        field: 'gsi1pk',
        composite: ['creatorId', 'period'],
        template: 'supporter#${creatorId}#${period}',
        casing: 'none',
      },
      sk: { field: 'gsi1sk', composite: ['total', 'fanId'], template: '${total}#${fanId}', casing: 'none' },
    },
    byFan: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['fanId'], template: 'supports#${fanId}', casing: 'none' },
      sk: {
        field: 'gsi2sk',
        composite: ['creatorId', 'period'],
        template: '${creatorId}#${period}',
        casing: 'none',
      },
    },
  },
});
