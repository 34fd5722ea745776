import { businessConfig } from '@app/shared/config';
import {
  type AdminOrganizationRejectRequest,
  type AdminOrganizationView,
  adminOrganizationRejectRequest,
} from '@app/shared/schemas/admin-review';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { describedBy, FieldShell } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useModal } from '../../../components/useModal.ts';
import { useApiForm } from '../../../lib/apiForm.ts';
import { rejectOrganization } from '../api/rejectOrganization.ts';

/** The rejection: a reason (required, at most `rejectReasonMax`), confirmed in a modal form. */
export function RejectDialog({
  organization,
  onDone,
  onCancel,
}: {
  organization: AdminOrganizationView;
  onDone: (o: AdminOrganizationView) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const ref = useModal(true);
  const titleId = useId();
  const reasonId = useId();
  const { form, submit, errorOf, formError, busy } = useApiForm<
    AdminOrganizationRejectRequest,
    AdminOrganizationRejectRequest
  >(adminOrganizationRejectRequest as never, {
    organization_id: organization.id,
    version: organization.version,
    reason: '',
  });
  const max = businessConfig.organizations.rejectReasonMax;
  const hint = t('admin.catalog.review.organizations.reasonHint', { max });
  const error = errorOf('reason');
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <form noValidate onSubmit={submit(rejectOrganization, (data) => onDone(data.organization))}>
        <h2 id={titleId} className="dialog__title">
          {t('admin.catalog.review.organizations.rejectTitle')}
        </h2>
        <div className="dialog__body">
          <p>{t('admin.catalog.review.organizations.rejectBody', { name: organization.name })}</p>
          <FieldShell
            id={reasonId}
            label={t('admin.catalog.review.organizations.reasonLabel')}
            hint={hint}
            error={error}
            required
          >
            <textarea
              id={reasonId}
              className="textarea"
              rows={4}
              aria-invalid={error ? true : undefined}
              aria-required
              aria-describedby={describedBy(reasonId, hint, error)}
              {...form.register('reason')}
            />
          </FieldShell>
          {formError ? <Alert kind="error">{t(formError.key, formError.params ?? {})}</Alert> : null}
        </div>
        <div className="dialog__actions">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('common.actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="danger"
            busy={busy}
            busyLabel={t('admin.catalog.review.organizations.busy')}
          >
            {t('admin.catalog.review.organizations.rejectConfirm')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
