import type { Language } from '@app/shared/config';
import type { AdminItemRow } from '@app/shared/schemas/admin-review';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatInstant } from '../format.ts';
import { ItemFlags } from './ItemFlags.tsx';

/** Items as rows: thumbnail and name (a link to the item), creator, state and flags, a date. */
export function ItemTable({
  items,
  lang,
  linkOf,
  dateOf,
}: {
  items: AdminItemRow[];
  lang: Language;
  linkOf: (id: string) => string;
  /** The date column: created, or under review since. */
  dateOf: 'created' | 'review';
}) {
  const { t } = useTranslation();
  const k = (key: string) => t(`admin.catalog.review.items.${key}`);
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{k('columns.item')}</th>
            <th scope="col">{k('columns.creator')}</th>
            <th scope="col">{k('columns.state')}</th>
            <th scope="col">{k(dateOf === 'review' ? 'columns.reviewSince' : 'columns.createdAt')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((i) => {
            const at = dateOf === 'review' ? i.review_since : i.created_at;
            return (
              <tr key={i.id}>
                <td>
                  <div className="review-item-cell">
                    {i.thumbnail_url ? (
                      <img className="review-thumb" src={i.thumbnail_url} alt="" width={48} height={48} />
                    ) : (
                      <span className="review-thumb" role="img" aria-label={k('noThumbnail')} />
                    )}
                    <Link to={linkOf(i.id)}>{i.name}</Link>
                  </div>
                </td>
                <td>
                  {i.creator.nickname ?? '—'}
                  {i.creator.username ? <div className="review-dl__break">@{i.creator.username}</div> : null}
                </td>
                <td>
                  <ItemFlags item={i} />
                </td>
                <td>{at ? <time dateTime={at}>{formatInstant(lang, at)}</time> : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
