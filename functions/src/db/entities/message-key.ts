import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * The message a sender's uuid produced (`key` = hash of sender and uuid, also the ledger's txId
 * of a paid message). Written in the message's transaction, so a retried send stores one message
 * and answers with it.
 */
export const MessageKey = new Entity({
  model: { entity: 'messageKey', version: '1', service: SERVICE },
  attributes: {
    chatroomId: { type: 'string', required: true, readOnly: true },
    key: { type: 'string', required: true, readOnly: true },
    messageId: { type: 'string', required: true, readOnly: true },
    ttl: { type: 'number', required: true, readOnly: true },
  },
  indexes: {
    byKey: {
      pk: { field: 'pk', composite: ['chatroomId'], template: 'chatroom#${chatroomId}', casing: 'none' },
      sk: { field: 'sk', composite: ['key'], template: 'key#${key}', casing: 'none' },
    },
  },
});
