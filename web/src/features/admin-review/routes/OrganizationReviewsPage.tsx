/**
 * /admin/organizations: the review queue (issue 17). Applications under review oldest first, and
 * the approved and rejected ones; approve (confirmed; the owner is mailed) or reject with a reason.
 * A decision another operator made meanwhile answers the conflict message and the list reloads.
 */
import { type OrganizationStatus, organizationStatuses } from '@app/shared/organizations';
import type { AdminOrganizationView } from '@app/shared/schemas/admin-review';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { LoadMore } from '../../../components/LoadMore.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { errorMessageKey } from '../../../lib/api.ts';
import { pagedItems, queryErrorKey } from '../../../lib/query.ts';
import { AdminPage } from '../../admin/components/AdminPage.tsx';
import { approveOrganization } from '../api/approveOrganization.ts';
import { reviewKeys, useOrganizationQueue } from '../cache.ts';
import { OrganizationCard } from '../components/OrganizationCard.tsx';
import { RejectDialog } from '../components/RejectDialog.tsx';
import { StatusTabs } from '../components/StatusTabs.tsx';
import '../review.css';

type Message = { kind: 'success' | 'error'; text: string };

export default function OrganizationReviewsPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const asked = params.get('status') as OrganizationStatus | null;
  const status: OrganizationStatus = asked && organizationStatuses.includes(asked) ? asked : 'review';
  const query = useOrganizationQueue(status);
  const rows = pagedItems(query.data, (p) => p.organizations);
  const [approving, setApproving] = useState<AdminOrganizationView | null>(null);
  const [rejecting, setRejecting] = useState<AdminOrganizationView | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const k = (key: string, values: Record<string, unknown> = {}) =>
    t(`admin.catalog.review.organizations.${key}`, values);

  const decided = async (text: string) => {
    setMessage({ kind: 'success', text });
    await client.invalidateQueries({ queryKey: reviewKeys.organizations });
  };
  const failed = async (err: unknown) => {
    setMessage({ kind: 'error', text: t(errorMessageKey(err)) });
    await client.invalidateQueries({ queryKey: reviewKeys.organizations });
  };

  const approve = async (o: AdminOrganizationView) => {
    setBusy(true);
    try {
      const result = await approveOrganization({ organization_id: o.id, version: o.version });
      if (result?.ok) await decided(k('approvedNotice', { name: o.name }));
      else if (result) setMessage({ kind: 'error', text: t('errors.validation') });
    } catch (err) {
      await failed(err);
    } finally {
      setBusy(false);
      setApproving(null);
    }
  };

  const error = queryErrorKey(query.error);
  return (
    <AdminPage title={t('admin.access.nav.organizations')}>
      <StatusTabs
        label={k('tabsLabel')}
        options={organizationStatuses}
        value={status}
        onChange={(s) => {
          setMessage(null);
          setParams(s === 'review' ? {} : { status: s }, { replace: true });
        }}
        labelOf={(s) => k(`tabs.${s}`)}
      />
      {message ? <Alert kind={message.kind}>{message.text}</Alert> : null}
      {error ? <Alert kind="error">{t(error.key, error.params ?? {})}</Alert> : null}
      {rows === null && !error ? <Spinner /> : null}
      {rows?.length === 0 ? <p className="review-empty">{k(`empty.${status}`)}</p> : null}
      <div className="review-list">
        {rows?.map((o) => (
          <OrganizationCard
            key={o.id}
            organization={o}
            lang={lang}
            onApprove={() => {
              setMessage(null);
              setApproving(o);
            }}
            onReject={() => {
              setMessage(null);
              setRejecting(o);
            }}
          />
        ))}
      </div>
      <LoadMore query={query} label={k('more')} busyLabel={k('loadingMore')} className="review-more" />
      <ConfirmDialog
        open={approving !== null}
        title={k('approveTitle')}
        confirmLabel={k('approveConfirm')}
        busy={busy}
        busyLabel={k('busy')}
        onConfirm={() => approving && void approve(approving)}
        onCancel={() => setApproving(null)}
      >
        <p>{approving ? k('approveBody', { name: approving.name }) : null}</p>
      </ConfirmDialog>
      {rejecting ? (
        <RejectDialog
          organization={rejecting}
          onCancel={() => {
            setRejecting(null);
            // A refusal shown in the dialog (another operator decided) leaves the list stale.
            void client.invalidateQueries({ queryKey: reviewKeys.organizations });
          }}
          onDone={(o) => {
            setRejecting(null);
            void decided(k('rejectedNotice', { name: o.name }));
          }}
        />
      ) : null}
    </AdminPage>
  );
}
