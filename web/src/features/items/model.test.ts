import { describe, expect, it } from 'vitest';
import { fromJstInput, toJstInput } from '../../lib/jst-input.ts';
import { fileProblem, itemLabels, moved } from './model.ts';

describe('itemLabels', () => {
  const card = {
    status: 'published',
    sale_state: 'on_sale',
    stock_label: 'plenty',
    is_public: true,
  } as const;
  it('shows draft, the sale state, sold out or low stock, and private', () => {
    expect(itemLabels({ ...card, status: 'draft', sale_state: null })).toEqual(['draft']);
    expect(itemLabels(card)).toEqual(['on_sale']);
    expect(itemLabels({ ...card, sale_state: 'scheduled', is_public: false })).toEqual([
      'scheduled',
      'private',
    ]);
    expect(itemLabels({ ...card, stock_label: 'sold_out' })).toEqual(['on_sale', 'sold_out']);
    expect(itemLabels({ ...card, sale_state: 'ended', stock_label: 'low' })).toEqual(['ended', 'low']);
    expect(itemLabels({ ...card, stock_label: null })).toEqual(['on_sale']);
  });
});

describe('the sale period in Japan time', () => {
  it('reads and writes datetime-local values as JST whatever the browser zone', () => {
    expect(toJstInput('2026-07-01T03:00:00.000Z')).toBe('2026-07-01T12:00');
    expect(toJstInput('2026-06-30T15:30:00.000Z')).toBe('2026-07-01T00:30');
    expect(fromJstInput('2026-07-01T00:30')).toBe('2026-06-30T15:30:00.000Z');
    expect(fromJstInput('')).toBeNull();
    expect(fromJstInput('2026-07-01')).toBeNull();
    expect(toJstInput(null)).toBe('');
  });
});

describe('files and order', () => {
  it('refuses a type or size the purpose does not take', () => {
    expect(fileProblem('itemImage', { type: 'image/png', size: 1000 })).toBeNull();
    expect(fileProblem('itemImage', { type: 'application/zip', size: 1000 })).toBe('type');
    expect(fileProblem('itemZip', { type: 'application/zip', size: 0 })).toBe('size');
    expect(fileProblem('sample', { type: 'image/webp', size: 30 * 1024 * 1024 })).toBe('size');
  });
  it('moves an entry up or down', () => {
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });
});
