/**
 * The form of a campaign code (console, issue 17): a new code (code, chat rate, end) or an edit of
 * one (rate and end, conditional on its version). The end is typed in Japan time and sent as an
 * instant with its offset (`…+09:00`).
 */
import { businessConfig } from '@app/shared/config';
import {
  type AdminCampaignView,
  campaignCreateRequest,
  campaignUpdateRequest,
} from '@app/shared/schemas/admin-catalog';
import { V } from '@app/shared/validation';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { Alert } from '../../../components/Alert.tsx';
import { TextField } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { validationValues } from '../../../lib/i18n.ts';
import { toJstInput } from '../../../lib/jst-input.ts';
import { createCampaign, updateCampaign } from '../api/catalog-campaigns.ts';

const C = businessConfig.admin.catalog;

/** A `datetime-local` value (`YYYY-MM-DDTHH:mm`, Japan time) as the instant the API takes. */
const jstLocal = z
  .string({ error: V.campaignEndsAt })
  .check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, V.campaignEndsAt));
const toInstant = <T extends { ends_at: string }>(v: T): T => ({ ...v, ends_at: `${v.ends_at}:00+09:00` });

const createForm = z.pipe(z.extend(campaignCreateRequest, { ends_at: jstLocal }), z.transform(toInstant));
const updateForm = z.pipe(z.extend(campaignUpdateRequest, { ends_at: jstLocal }), z.transform(toInstant));

interface Props {
  /** The campaign edited; null: a new one. */
  campaign: AdminCampaignView | null;
  onSaved: (campaign: AdminCampaignView, created: boolean) => void;
  onCancel: () => void;
}

export function CampaignForm({ campaign, onSaved, onCancel }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const editing = campaign !== null;
  const { form, submit, errorOf, formError, busy } = useApiForm(
    (editing ? updateForm : createForm) as typeof updateForm,
    campaign
      ? {
          code: campaign.code,
          version: campaign.version,
          rate_percent: campaign.rate_percent,
          ends_at: toJstInput(campaign.ends_at),
        }
      : { code: '', rate_percent: Math.round(businessConfig.rewards.chatCampaignRate * 100), ends_at: '' },
  );
  const onSubmit = submit(
    (body) => (editing ? updateCampaign(body) : createCampaign(body)),
    (res) => onSaved(res.campaign, !editing),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="form catalog-form" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} ref={heading} tabIndex={-1} className="catalog-form__heading">
        {campaign
          ? t('admin.catalog.campaigns.form.editHeading', { code: campaign.code })
          : t('admin.catalog.campaigns.form.createHeading')}
      </h3>
      <Alert kind="error">
        {formError ? t(formError.key, { ...validationValues, ...formError.params }) : null}
      </Alert>
      <TextField
        label={t('admin.catalog.campaigns.form.code')}
        hint={t('admin.catalog.campaigns.form.codeHint')}
        required={!editing}
        readOnly={editing}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={errorOf('code')}
        {...form.register('code')}
      />
      <div className="catalog-form__pair">
        <TextField
          label={t('admin.catalog.campaigns.form.rate')}
          hint={t('admin.catalog.campaigns.form.rateHint', {
            min: C.campaignRatePercent.min,
            max: C.campaignRatePercent.max,
            usual: Math.round(businessConfig.rewards.chatRate * 100),
          })}
          required
          type="number"
          inputMode="numeric"
          min={C.campaignRatePercent.min}
          max={C.campaignRatePercent.max}
          error={errorOf('rate_percent')}
          {...form.register('rate_percent', { valueAsNumber: true })}
        />
        <TextField
          label={t('admin.catalog.campaigns.form.endsAt')}
          hint={t('admin.catalog.campaigns.form.endsAtHint')}
          required
          type="datetime-local"
          error={errorOf('ends_at')}
          {...form.register('ends_at')}
        />
      </div>
      <div className="catalog-form__actions">
        <Button type="submit" busy={busy} busyLabel={t('common.actions.sending')}>
          {t(editing ? 'admin.catalog.campaigns.form.save' : 'admin.catalog.campaigns.form.create')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('admin.catalog.campaigns.form.cancel')}
        </Button>
      </div>
    </form>
  );
}
