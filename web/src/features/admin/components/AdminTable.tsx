import type { HTMLAttributes, ReactNode } from 'react';
import { LoadMore } from '../../../components/LoadMore.tsx';

/** One column: its heading and what each row shows under it. */
export type AdminColumn<Row> = {
  key: string;
  header: string;
  cell: (row: Row, index: number) => ReactNode;
  /** The cell's class (`td` or `th`). */
  className?: string;
  /** The row's heading (`<th scope="row">`); on a phone it heads the card, without a label. */
  rowHeader?: boolean;
  /** `false`: no label on a phone card (a cell of buttons keeps its own layout). */
  label?: false;
};

/** A row's own attributes, as tests and browser tests find it (`data-testid`, `data-id`). */
type RowAttributes = HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | undefined };

/**
 * A console table in its scrolling wrapper (`admin.css`): a heading row, one row per item, and
 * instead of the table, when there are no rows, the empty state. With `stack`, each row is a card
 * on a phone, each cell under its column's heading (`data-label`). With `more`, a "show more"
 * button follows for lists paged with `next_cursor`.
 */
export type AdminTableProps<Row> = {
  columns: AdminColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  stack?: boolean;
  /** The table's own classes, after `admin-table`. */
  className?: string;
  /** The table's name for screen readers (a visually hidden caption). */
  caption?: string;
  /** Shown instead of the table when there are no rows: a text becomes a paragraph. Nothing while
      the list is loading: pass it once the list has arrived. */
  empty?: ReactNode;
  rowProps?: (row: Row) => RowAttributes;
  more?: Parameters<typeof LoadMore>[0];
};

export function AdminTable<Row>({
  columns,
  rows,
  rowKey,
  stack = false,
  className,
  caption,
  empty,
  rowProps,
  more,
}: AdminTableProps<Row>) {
  const classes = ['admin-table', stack ? 'admin-table--stack' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <>
      {rows.length === 0 ? (
        typeof empty === 'string' ? (
          <p>{empty}</p>
        ) : (
          (empty ?? null)
        )
      ) : (
        <div className="admin-table-wrap">
          <table className={classes}>
            {caption ? <caption className="visually-hidden">{caption}</caption> : null}
            <thead>
              <tr>
                {columns.map((c) => (
                  <th scope="col" key={c.key}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={rowKey(row)} {...rowProps?.(row)}>
                  {columns.map((c) =>
                    c.rowHeader ? (
                      <th scope="row" key={c.key} className={c.className}>
                        {c.cell(row, index)}
                      </th>
                    ) : (
                      <td
                        key={c.key}
                        className={c.className}
                        data-label={stack && c.label !== false ? c.header : undefined}
                      >
                        {c.cell(row, index)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {more ? <LoadMore {...more} /> : null}
    </>
  );
}
