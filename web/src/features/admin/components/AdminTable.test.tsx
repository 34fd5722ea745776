import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AdminColumn, AdminTable } from './AdminTable.tsx';

type Fruit = { id: string; name: string; price: number };
const fruits: Fruit[] = [
  { id: 'a', name: 'Apple', price: 120 },
  { id: 'b', name: 'Banana', price: 80 },
];
const columns: AdminColumn<Fruit>[] = [
  { key: 'name', header: 'Name', rowHeader: true, cell: (f) => f.name },
  { key: 'price', header: 'Price', className: 'num', cell: (f, i) => `${f.price} #${i}` },
  {
    key: 'actions',
    header: 'Actions',
    label: false,
    cell: (f) => <button type="button">Edit {f.name}</button>,
  },
];

describe('AdminTable', () => {
  afterEach(cleanup);

  it('puts the table in its scrolling wrapper with column headings, row headings and the row attributes', () => {
    const { container } = render(
      <AdminTable
        columns={columns}
        rows={fruits}
        rowKey={(f) => f.id}
        className="fruit-table"
        caption="Fruits"
        rowProps={(f) => ({ 'data-testid': 'fruit', 'data-id': f.id })}
      />,
    );
    const table = screen.getByRole('table', { name: 'Fruits' });
    expect(table.parentElement?.className).toBe('admin-table-wrap');
    expect(table.className).toBe('admin-table fruit-table');
    expect(container.querySelector('caption')?.className).toBe('visually-hidden');
    expect(
      screen.getAllByRole('columnheader').map((th) => [th.textContent, th.getAttribute('scope')]),
    ).toEqual([
      ['Name', 'col'],
      ['Price', 'col'],
      ['Actions', 'col'],
    ]);
    const rows = screen.getAllByTestId('fruit');
    expect(rows.map((r) => r.dataset.id)).toEqual(['a', 'b']);
    expect(within(rows[1] as HTMLElement).getByRole('rowheader').textContent).toBe('Banana');
    expect(within(rows[1] as HTMLElement).getAllByRole('cell')[0]?.textContent).toBe('80 #1');
    expect(rows[0]?.querySelector('td.num')?.textContent).toBe('120 #0');
    // Not stacked: no labels for phone cards.
    expect(container.querySelector('[data-label]')).toBeNull();
  });

  it('stacked: each data cell carries its heading as data-label, but not the row heading or an unlabelled cell', () => {
    const { container } = render(<AdminTable columns={columns} rows={fruits} rowKey={(f) => f.id} stack />);
    expect(container.querySelector('table')?.className).toBe('admin-table admin-table--stack');
    expect(container.querySelector('caption')).toBeNull();
    const first = container.querySelector('tbody tr') as HTMLElement;
    expect([...first.children].map((c) => [c.tagName, c.getAttribute('data-label')])).toEqual([
      ['TH', null],
      ['TD', 'Price'],
      ['TD', null],
    ]);
  });

  it('shows the empty state instead of the table: a text as a paragraph, an element as given, nothing without one', () => {
    const { container, rerender } = render(
      <AdminTable columns={columns} rows={[]} rowKey={(f) => f.id} empty="No fruit yet." />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(container.innerHTML).toBe('<p>No fruit yet.</p>');
    rerender(
      <AdminTable
        columns={columns}
        rows={[]}
        rowKey={(f) => f.id}
        empty={<p role="status">None found.</p>}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('None found.');
    rerender(<AdminTable columns={columns} rows={[]} rowKey={(f) => f.id} />);
    expect(container.innerHTML).toBe('');
  });

  it('offers "show more" while the list has a next page, and asks for it', () => {
    const fetchNextPage = vi.fn(async () => undefined);
    const more = (hasNextPage: boolean, isFetchingNextPage = false) => ({
      query: { hasNextPage, isFetchingNextPage, fetchNextPage },
      label: 'Show more',
      busyLabel: 'Loading…',
      className: 'fruit-more',
    });
    const { container, rerender } = render(
      <AdminTable columns={columns} rows={fruits} rowKey={(f) => f.id} more={more(true)} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    expect(container.querySelector('.fruit-more')?.previousElementSibling?.className).toBe(
      'admin-table-wrap',
    );
    rerender(<AdminTable columns={columns} rows={fruits} rowKey={(f) => f.id} more={more(true, true)} />);
    expect(screen.getByRole('button', { name: 'Loading…' })).toHaveProperty('disabled', true);
    rerender(<AdminTable columns={columns} rows={fruits} rowKey={(f) => f.id} more={more(false)} />);
    expect(screen.queryByRole('button', { name: /Show more|Loading/ })).toBeNull();
  });
});
