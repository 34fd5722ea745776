import type { Language } from '@app/shared/config';
import type { AdminOrganizationView } from '@app/shared/schemas/admin-review';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/SubmitButton.tsx';
import { formatInstant } from '../format.ts';

/** One application: the organization, its owner, its dates and reasons, and the decisions. */
export function OrganizationCard({
  organization: o,
  lang,
  onApprove,
  onReject,
}: {
  organization: AdminOrganizationView;
  lang: Language;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation();
  const k = (key: string) => t(`admin.catalog.review.organizations.${key}`);
  const reasonLabel = o.status === 'rejected' ? k('rejectReason') : k('earlierReason');
  return (
    <article className="review-org" aria-labelledby={`org-${o.id}`}>
      <div className="review-org__head">
        {o.logo_url ? (
          <img
            className="review-org__logo"
            src={o.logo_url}
            alt={t('admin.catalog.review.organizations.logoAlt', { name: o.name })}
            width={64}
            height={64}
          />
        ) : (
          <div className="review-org__logo review-org__logo--none" aria-hidden="true">
            {o.name.slice(0, 1)}
          </div>
        )}
        <div>
          <h2 id={`org-${o.id}`} className="review-org__name">
            {o.name}
          </h2>
          <p className="review-org__tags">
            <span className="review-tag">{t(`organizations.categories.${o.category}`)}</span>
            <span className="review-tag">{k(`visibility.${o.is_public ? 'public' : 'private'}`)}</span>
          </p>
        </div>
      </div>
      <dl className="review-dl">
        <dt>{k('address')}</dt>
        <dd>{o.address || k('noAddress')}</dd>
        <dt>{k('owner')}</dt>
        <dd>{o.owner.nickname ?? '—'}</dd>
        <dt>{k('email')}</dt>
        <dd className="review-dl__break">{o.owner.email ?? '—'}</dd>
        <dt>{k('submittedAt')}</dt>
        <dd>
          <time dateTime={o.submitted_at}>{formatInstant(lang, o.submitted_at)}</time>
        </dd>
        {o.reviewed_at && o.status !== 'review' ? (
          <>
            <dt>{k('reviewedAt')}</dt>
            <dd>
              <time dateTime={o.reviewed_at}>{formatInstant(lang, o.reviewed_at)}</time>
            </dd>
          </>
        ) : null}
        {o.reject_reason ? (
          <>
            <dt>{reasonLabel}</dt>
            <dd className="review-dl__pre">{o.reject_reason}</dd>
          </>
        ) : null}
      </dl>
      {o.status === 'review' ? (
        <div className="review-org__actions">
          <Button onClick={onApprove}>{k('approve')}</Button>
          <Button variant="secondary" onClick={onReject}>
            {k('reject')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
