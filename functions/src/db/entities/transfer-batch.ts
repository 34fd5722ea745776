import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * One Zengin bulk-transfer file (総合振込) of the operators' console (issue 17): the approved
 * requests of a transfer date written into it, their count and total, the file's SHA-256, who
 * made it and when. Created in the same transaction that stamps each request with `batchId`, so
 * a request is in one batch at most; the file is rebuilt from these requests, byte for byte.
 * Listed by transfer date (`transferbatch#<date>`), in order of `seq`.
 */
export const transferBatchStatuses = ['generated', 'transferred'] as const;

export const TransferBatch = new Entity({
  model: { entity: 'transferBatch', version: '1', service: SERVICE },
  attributes: {
    /** JST date (YYYY-MM-DD) the file asks the bank to transfer on. */
    transferDate: { type: 'string', required: true, readOnly: true },
    /** 1, 2, … within the date: the create's condition decides between concurrent generations. */
    seq: { type: 'number', required: true, readOnly: true, padding: { length: 3, char: '0' } },
    /** The requests' API ids, in the file's order. */
    withdrawalIds: { type: 'list', items: { type: 'string' }, required: true, readOnly: true },
    count: { type: 'number', required: true, readOnly: true },
    /** Sum of the data records' amounts (yen). */
    total: { type: 'number', required: true, readOnly: true },
    /** Hex SHA-256 of the file's bytes. */
    sha256: { type: 'string', required: true, readOnly: true },
    /** The file's bytes (Shift_JIS, base64; 122 bytes a line, at most ~13 KB): every download is these. */
    file: { type: 'string', required: true, readOnly: true },
    createdBy: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    status: { type: transferBatchStatuses, required: true },
    transferredAt: { type: 'string' },
    transferredBy: { type: 'string' },
    version: { type: 'number', required: true },
  },
  indexes: {
    byDate: {
      pk: {
        field: 'pk',
        composite: ['transferDate'],
        template: 'transferbatch#${transferDate}',
        casing: 'none',
      },
      sk: { field: 'sk', composite: ['seq'], template: 'batch#${seq}', casing: 'none' },
    },
  },
});

/** A batch's API id: its date and number (`2026-05-08-001`). */
export const batchIdOf = (transferDate: string, seq: number) =>
  `${transferDate}-${String(seq).padStart(3, '0')}`;

export function parseBatchId(id: string): { transferDate: string; seq: number } | null {
  const m = /^(\d{4}-\d{2}-\d{2})-(\d{3})$/.exec(id);
  return m ? { transferDate: m[1] as string, seq: Number(m[2]) } : null;
}
