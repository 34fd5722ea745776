import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * A report (spec: type 1 spam, 2 inappropriate content, 3 harassment, 4 other, and detail) of a
 * user, optionally in a chatroom or about one message. The operators' queue (issue 17): gsi1 lists
 * reports by status, oldest first (`reports#open` is the key reports written before issue 17
 * have); gsi2 the reports about one person. An operator may take it (`assigneeId`), move it to
 * `in_progress`, and close it with a resolution; every change is conditioned on `version` (absent
 * on older items: read as 0).
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
    status: { type: ['open', 'in_progress', 'closed'] as const, required: true, default: 'open' },
    /** How a closed report was handled. */
    resolution: { type: ['dismissed', 'message_deleted', 'warned', 'suspended'] as const },
    /** The operator who took it, and their name then (the list shows it without another read). */
    assigneeId: { type: 'string' },
    assigneeName: { type: 'string' },
    /** The operators' note. */
    note: { type: 'string' },
    version: { type: 'number', default: 0 },
    updatedAt: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['reportId'], template: 'report#${reportId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'report', casing: 'none' },
    },
    byStatus: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['status'], template: 'reports#${status}', casing: 'none' },
      sk: {
        field: 'gsi1sk',
        composite: ['createdAt', 'reportId'],
        template: '${createdAt}#${reportId}',
        casing: 'none',
      },
    },
    byTarget: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['targetId'], template: 'reports-about#${targetId}', casing: 'none' },
      sk: {
        field: 'gsi2sk',
        composite: ['createdAt', 'reportId'],
        template: '${createdAt}#${reportId}',
        casing: 'none',
      },
    },
  },
});
