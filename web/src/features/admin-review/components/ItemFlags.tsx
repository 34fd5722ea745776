import type { AdminItemState } from '@app/shared/schemas/admin-review';
import { useTranslation } from 'react-i18next';

/** The item's state and its sensitive / under-review flags as tags. */
export function ItemFlags({
  item,
}: {
  item: { state: AdminItemState; sensitive: boolean; under_review: boolean };
}) {
  const { t } = useTranslation();
  return (
    <span className="review-org__tags">
      <span className="review-tag">{t(`admin.catalog.review.items.states.${item.state}`)}</span>
      {item.sensitive ? (
        <span className="review-tag review-tag--warn">{t('admin.catalog.review.items.flags.sensitive')}</span>
      ) : null}
      {item.under_review ? (
        <span className="review-tag review-tag--danger">
          {t('admin.catalog.review.items.flags.underReview')}
        </span>
      ) : null}
    </span>
  );
}
