import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * A report (spec: type 1 spam, 2 inappropriate content, 3 harassment, 4 other, and detail) of a
 * user, optionally in a chatroom or about one message. gsi1 lists open reports for the operators.
 */
export const Report = new Entity({
  model: { entity: 'report', version: '1', service: SERVICE },
  attributes: {
    reportId: { type: 'string', required: true, readOnly: true },
    reporterId: { type: 'string', required: true, readOnly: true },
    targetId: { type: 'string', required: true, readOnly: true },
    type: { type: 'number', required: true, readOnly: true },
    detail: { type: 'string', readOnly: true },
    chatroomId: { type: 'string', readOnly: true },
    messageId: { type: 'string', readOnly: true },
    status: { type: ['open', 'closed'] as const, required: true, default: 'open' },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['reportId'], template: 'report#${reportId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'report', casing: 'none' },
    },
    open: {
      index: 'gsi1',
      condition: (attr) => attr.status === 'open',
      pk: { field: 'gsi1pk', composite: [], template: 'reports#open', casing: 'none' },
      sk: {
        field: 'gsi1sk',
        composite: ['createdAt', 'reportId'],
        template: '${createdAt}#${reportId}',
        casing: 'none',
      },
    },
  },
});
