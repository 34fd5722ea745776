/**
 * The organization's form on /organization: name, category, address, logo, public or private.
 * Checked by the contract's schema (each field's own message), sent to POST /organizations; the
 * server's 422 issues land on their fields. Once approved, the name and category are read-only
 * (the server refuses changing them: `organizationLocked`).
 */
import { ORGANIZATION_CATEGORIES } from '@app/shared/organizations';
import {
  type OrganizationRequest,
  type OrganizationResponse,
  type OrganizationView,
  organizationMessageParams,
  organizationRequest,
} from '@app/shared/schemas/organizations';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { describedBy, FieldShell, TextField } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { saveOrganization } from '../api/saveOrganization.ts';
import { LogoField, type LogoValue } from './LogoField.tsx';

const P = organizationMessageParams;

const valuesOf = (o: OrganizationView | null): Partial<OrganizationRequest> =>
  o
    ? {
        name: o.name,
        category: o.category as OrganizationRequest['category'],
        address: o.address,
        is_public: o.is_public,
        logo_upload_key: undefined,
      }
    : { name: '', address: '', is_public: true, logo_upload_key: undefined };

/** The button's text: a first application, a re-application, an update under review, an edit. */
const submitKey = (o: OrganizationView | null) =>
  !o
    ? 'organizations.form.apply'
    : o.status === 'rejected'
      ? 'organizations.form.reapply'
      : o.status === 'review'
        ? 'organizations.form.update'
        : 'organizations.form.save';

/** What the owner is told after a save, by the status before it. */
export const savedKey = (before: OrganizationView | null) =>
  !before || before.status === 'rejected'
    ? 'organizations.form.applied'
    : before.status === 'review'
      ? 'organizations.form.updated'
      : 'organizations.form.saved';

export function OrganizationForm({
  organization,
  onSaved,
}: {
  organization: OrganizationView | null;
  onSaved: (saved: OrganizationResponse) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { form, submit, errorOf, formError, busy } = useApiForm(organizationRequest, valuesOf(organization));
  const [uploading, setUploading] = useState(false);
  const locked = organization?.status === 'approved';
  const isPublic = form.watch('is_public') !== false;
  const logo = form.watch('logo_upload_key') as LogoValue;
  const category = form.watch('category');

  const onSubmit = submit(
    (body) => saveOrganization(body),
    (res) => {
      form.reset(valuesOf(res.organization));
      onSaved(res);
    },
  );

  // A failed save (not a field's message): 'registration failed', unless the server said why.
  const failure =
    formError && formError.key === 'errors.communication' ? { key: 'organizations.form.failed' } : formError;

  const categoryId = `${id}-category`;
  const categoryError = errorOf('category');
  const lockedHint = locked ? t('organizations.form.lockedHint') : undefined;
  const addressId = `${id}-address`;
  const addressError = errorOf('address');
  const addressHint = t('organizations.form.addressHint', { max: P.organization_address_max });
  const visibilityHintId = `${id}-visibility-hint`;

  return (
    <form onSubmit={onSubmit} noValidate className="form org-form" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="section-title">
        {t(locked ? 'organizations.form.editHeading' : 'organizations.form.applyHeading')}
      </h2>
      <Alert kind="error">{failure ? t(failure.key, { ...P, ...failure.params }) : null}</Alert>
      <TextField
        label={t('organizations.form.name')}
        hint={locked ? lockedHint : t('organizations.form.nameHint', { max: P.organization_name_max })}
        required={!locked}
        readOnly={locked}
        error={errorOf('name')}
        autoComplete="organization"
        {...form.register('name')}
      />
      {locked ? (
        <TextField
          label={t('organizations.form.category')}
          readOnly
          value={t(`organizations.categories.${organization.category}`)}
        />
      ) : (
        <FieldShell id={categoryId} label={t('organizations.form.category')} required error={categoryError}>
          <select
            id={categoryId}
            className="select"
            aria-required
            aria-invalid={categoryError ? true : undefined}
            aria-describedby={describedBy(categoryId, null, categoryError)}
            // Controlled, to keep the number: register's native select did not take the numeric default.
            value={category === undefined ? '' : String(category)}
            onChange={(e) => {
              const v = e.target.value;
              form.setValue(
                'category',
                (v === '' ? undefined : Number(v)) as OrganizationRequest['category'],
                // Once submitted, a change updates its message, like the typed fields.
                { shouldDirty: true, shouldValidate: form.formState.isSubmitted },
              );
            }}
          >
            <option value="">{t('organizations.form.categoryChoose')}</option>
            {ORGANIZATION_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`organizations.categories.${c}`)}
              </option>
            ))}
          </select>
        </FieldShell>
      )}
      <FieldShell
        id={addressId}
        label={t('organizations.form.address')}
        hint={addressHint}
        error={addressError}
      >
        <textarea
          id={addressId}
          className="textarea"
          rows={3}
          autoComplete="street-address"
          aria-invalid={addressError ? true : undefined}
          aria-describedby={describedBy(addressId, addressHint, addressError)}
          {...form.register('address')}
        />
      </FieldShell>
      <LogoField
        current={organization?.logo_url ?? null}
        value={logo}
        onChange={(v) => {
          form.clearErrors('logo_upload_key');
          form.setValue('logo_upload_key', v, { shouldDirty: true });
        }}
        error={errorOf('logo_upload_key')}
        onUploading={setUploading}
      />
      <fieldset className="field org-form__visibility" aria-describedby={visibilityHintId}>
        <legend className="field__label">{t('organizations.form.visibility')}</legend>
        <div className="org-form__choices">
          {[true, false].map((value) => (
            <label key={String(value)} className="choice">
              <input
                type="radio"
                name={`${id}-is-public`}
                checked={isPublic === value}
                onChange={() => form.setValue('is_public', value, { shouldDirty: true })}
              />
              <span className="choice__label">
                {t(value ? 'organizations.form.public' : 'organizations.form.private')}
              </span>
            </label>
          ))}
        </div>
        <p id={visibilityHintId} className="field__hint">
          {t('organizations.form.visibilityHint')}
        </p>
      </fieldset>
      <Button
        type="submit"
        className="btn--block"
        busy={busy}
        disabled={uploading}
        busyLabel={t('common.actions.sending')}
      >
        {t(submitKey(organization))}
      </Button>
    </form>
  );
}
