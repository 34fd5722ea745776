import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity } from 'electrodb';
import { describe, expect, test } from 'vitest';
import { createDb } from './service.ts';

const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'ap-northeast-1' }));
const model = { entity: 'probe', version: '1', service: 'probe' };

// Lambda bundles skip ElectroDB's deep model checks (scripts/electrodb-plugin.ts): they run here,
// from source, with ElectroDB's own jsonschema, on every entity of the table.
describe('the table layer from source', () => {
  test('every entity is built and checked by ElectroDB, and the Service takes them all', () => {
    const db = createDb(client, 'test-table');
    expect(Object.keys(db.entities).length).toBeGreaterThanOrEqual(28);
    for (const [name, entity] of Object.entries(db.entities)) {
      expect(entity, name).toBeInstanceOf(Entity);
      expect(entity.schema.model.entity, name).toBeTruthy();
    }
  });

  test('ElectroDB checks models in depth here (jsonschema, not the bundles’ stand-in)', () => {
    const attributes = { id: { type: 'string', readOnly: 'yes' } } as never;
    const indexes = { primary: { pk: { field: 'pk', composite: ['id'] } } };
    expect(() => new Entity({ model, attributes, indexes })).toThrow(
      /readOnly is not of a type\(s\) boolean/,
    );
    const casing = { primary: { pk: { field: 'pk', composite: ['id'], casing: 'shout' } } } as never;
    expect(() => new Entity({ model, attributes: { id: { type: 'string' } }, indexes: casing })).toThrow(
      /casing is not one of enum values/,
    );
  });
});
