import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/** A row of the holder's point history (spec section 3): type 1-4, detail kind, points, parts by kind. */
export const PointLog = new Entity({
  model: { entity: 'pointLog', version: '1', service: SERVICE },
  attributes: {
    holderId: { type: 'string', required: true, readOnly: true },
    /** Time-ordered id: the history reads newest first. */
    logId: { type: 'string', required: true, readOnly: true },
    type: { type: 'number', required: true, readOnly: true },
    detail: { type: 'string', required: true, readOnly: true },
    points: { type: 'number', required: true, readOnly: true },
    parts: {
      type: 'list',
      required: true,
      readOnly: true,
      items: {
        type: 'map',
        properties: {
          kind: { type: 'string', required: true },
          issuerId: { type: 'string' },
          points: { type: 'number', required: true },
        },
      },
    },
    counterpartyId: { type: 'string', readOnly: true },
    yen: { type: 'number', readOnly: true },
    txId: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byHolder: {
      pk: { field: 'pk', composite: ['holderId'], template: 'pointlog#${holderId}', casing: 'none' },
      sk: { field: 'sk', composite: ['logId'], template: '${logId}', casing: 'none' },
    },
  },
});
