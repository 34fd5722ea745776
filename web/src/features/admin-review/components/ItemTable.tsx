import type { Language } from '@app/shared/config';
import type { AdminItemRow } from '@app/shared/schemas/admin-review';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type AdminColumn, AdminTable, type AdminTableProps } from '../../admin/components/AdminTable.tsx';
import { formatInstant } from '../format.ts';
import { ItemFlags } from './ItemFlags.tsx';

/** Items as rows: thumbnail and name (a link to the item), creator, state and flags, a date; then the
    empty state or "show more". */
export function ItemTable({
  items,
  lang,
  linkOf,
  dateOf,
  empty,
  more,
}: Pick<AdminTableProps<AdminItemRow>, 'empty' | 'more'> & {
  items: AdminItemRow[];
  lang: Language;
  linkOf: (id: string) => string;
  /** The date column: created, or under review since. */
  dateOf: 'created' | 'review';
}) {
  const { t } = useTranslation();
  const k = (key: string) => t(`admin.catalog.review.items.${key}`);
  const columns: AdminColumn<AdminItemRow>[] = [
    {
      key: 'item',
      header: k('columns.item'),
      cell: (i) => (
        <div className="review-item-cell">
          {i.thumbnail_url ? (
            <img className="review-thumb" src={i.thumbnail_url} alt="" width={48} height={48} />
          ) : (
            <span className="review-thumb" role="img" aria-label={k('noThumbnail')} />
          )}
          <Link to={linkOf(i.id)}>{i.name}</Link>
        </div>
      ),
    },
    {
      key: 'creator',
      header: k('columns.creator'),
      cell: (i) => (
        <>
          {i.creator.nickname ?? '—'}
          {i.creator.username ? <div className="review-dl__break">@{i.creator.username}</div> : null}
        </>
      ),
    },
    { key: 'state', header: k('columns.state'), cell: (i) => <ItemFlags item={i} /> },
    {
      key: 'date',
      header: k(dateOf === 'review' ? 'columns.reviewSince' : 'columns.createdAt'),
      cell: (i) => {
        const at = dateOf === 'review' ? i.review_since : i.created_at;
        return at ? <time dateTime={at}>{formatInstant(lang, at)}</time> : '—';
      },
    },
  ];
  return <AdminTable columns={columns} rows={items} rowKey={(i) => i.id} empty={empty} more={more} />;
}
