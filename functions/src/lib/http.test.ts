import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { httpHandler } from './http.ts';

describe('httpHandler', () => {
  it('refuses to build a list that takes ?cursor= unless the manifest marks it paged', () => {
    const cursorQuery = z.object({ cursor: z.optional(z.string()) });
    expect(() => httpHandler('GET /store', { query: cursorQuery }, async () => ({}))).toThrow(/paged/);
    expect(() => httpHandler('GET /notice', { query: cursorQuery }, async () => ({}))).not.toThrow();
  });
});
