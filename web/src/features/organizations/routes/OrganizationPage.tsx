/**
 * /organization: the shop/organization owner's organization. Before the first application, the
 * registration form; under review, what was sent and when (still editable); rejected, the
 * operators' reason and the form to apply again; approved, the organization's card with the ways
 * to its casts and sales, and the form for what may still change (address, logo, visibility).
 */
import type { OrganizationResponse, OrganizationView } from '@app/shared/schemas/organizations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { queryClient, queryErrorKey } from '../../../lib/query.ts';
import { formatDateTime } from '../../points/format.ts';
import { organizationKeys, useOrganization } from '../cache.ts';
import { OrganizationCard } from '../components/OrganizationCard.tsx';
import { OrganizationForm, savedKey } from '../components/OrganizationForm.tsx';
import { OwnerGate } from '../components/OwnerGate.tsx';
import '../organizations.css';

function StatusBadge({ status }: { status: OrganizationView['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={`org-status org-status--${status}`} data-testid="org-status">
      {t(`organizations.status.${status}`)}
    </span>
  );
}

function Reviewing({ organization: o }: { organization: OrganizationView }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const rejected = o.status === 'rejected';
  return (
    <>
      <div className={`org-card org-review org-review--${o.status}`}>
        <p className="org-review__status">
          <StatusBadge status={o.status} />
        </p>
        <p>{t(rejected ? 'organizations.status.rejectedBody' : 'organizations.status.reviewBody')}</p>
        {rejected && o.reject_reason ? (
          <div className="org-review__reason">
            <h2 className="org-review__reason-heading">{t('organizations.status.reason')}</h2>
            <p data-testid="org-reject-reason">{o.reject_reason}</p>
          </div>
        ) : null}
        <dl className="org-review__dates">
          <div>
            <dt>{t('organizations.status.submittedAt')}</dt>
            <dd>{formatDateTime(lang, o.submitted_at)}</dd>
          </div>
          {rejected && o.reviewed_at ? (
            <div>
              <dt>{t('organizations.status.reviewedAt')}</dt>
              <dd>{formatDateTime(lang, o.reviewed_at)}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      <OrganizationCard
        organization={o}
        headingId="org-submitted"
        heading={t('organizations.status.submitted')}
      />
    </>
  );
}

function Approved({ organization: o }: { organization: OrganizationView }) {
  const { t } = useTranslation();
  return (
    <OrganizationCard
      organization={o}
      headingId="org-card"
      heading={
        <>
          {t('organizations.card.heading')} <StatusBadge status={o.status} />
        </>
      }
    >
      <p className="org-card__casts">
        {t('organizations.card.casts', { count: o.cast_count, max: o.casts_max })}
      </p>
      <div className="org-card__links">
        <LangLink className="btn btn--primary btn--block" to="/organization/casts">
          {t('organizations.card.manageCasts')}
        </LangLink>
        <LangLink className="btn btn--secondary btn--block" to="/organization/sales">
          {t('organizations.card.sales')}
        </LangLink>
      </div>
    </OrganizationCard>
  );
}

function Organization() {
  const { t } = useTranslation();
  const query = useOrganization(true);
  const [saved, setSaved] = useState<string | null>(null);
  const loadError = queryErrorKey(query.error);
  const organization = query.data?.organization ?? null;

  const onSaved = (res: OrganizationResponse) => {
    setSaved(savedKey(organization));
    queryClient.setQueryData(organizationKeys.organization, res);
  };

  if (!query.data)
    return loadError ? <Alert kind="error">{t(loadError.key, loadError.params ?? {})}</Alert> : <Spinner />;
  return (
    <>
      {organization?.status === 'approved' ? null : <p className="muted">{t('organizations.lead')}</p>}
      <div aria-live="polite">{saved ? <Alert kind="success">{t(saved)}</Alert> : null}</div>
      {organization === null ? (
        <section className="org-card" aria-labelledby="org-none">
          <h2 id="org-none" className="org-card__heading">
            {t('organizations.none.heading')}
          </h2>
          <p>{t('organizations.none.body')}</p>
        </section>
      ) : organization.status === 'approved' ? (
        <Approved organization={organization} />
      ) : (
        <Reviewing organization={organization} />
      )}
      <div className="org-card">
        <OrganizationForm
          key={organization?.status ?? 'none'}
          organization={organization}
          onSaved={onSaved}
        />
      </div>
    </>
  );
}

export default function OrganizationPage() {
  const { t } = useTranslation();
  return (
    <section className="page org" aria-labelledby="org-heading">
      <h1 id="org-heading" className="page__title">
        {t('common.titles.organization')}
      </h1>
      <OwnerGate>{() => <Organization />}</OwnerGate>
    </section>
  );
}
