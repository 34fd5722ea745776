import { businessConfig } from '@app/shared/config';
import { type BusinessSettingsView, businessSettingRequest } from '@app/shared/schemas/mypage';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { describedBy, FieldShell, TextField } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { queryClient } from '../../../lib/query.ts';
import { accountKey } from '../../mypage/account-store.ts';
import { updateBusinessSetting } from '../api/updateBusinessSetting.ts';
import { formatJstDate } from '../format.ts';
import { useBusinessAccount } from './BusinessSettingLayout.tsx';

const C = businessConfig.chat;

/** The form's values: the price to come (or today's), the flags, the invoice number ('' = none). */
const valuesOf = (b: BusinessSettingsView) => ({
  chat_cost: b.chat_cost_next?.cost ?? b.chat_cost,
  chat_locked: b.chat_locked,
  reject_free_points: b.reject_free_points,
  allow_back_number_review: b.allow_back_number_review,
  invoice_number: b.invoice_number ?? '',
});

/**
 * /mypage/businessSetting/base: today's chat price and the one to come (from 00:00 JST), the
 * price input (tomorrow's), the lock of paid chat, free points, back numbers, the invoice number.
 */
export default function BusinessSettingBasePage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const account = useBusinessAccount();
  const [business, setBusiness] = useState(account.business);
  const [saved, setSaved] = useState(false);
  const { form, submit, errorOf, formError, busy } = useApiForm(businessSettingRequest, valuesOf(business));
  const costId = useId();
  const flagsId = useId();
  const time = business.cost_update_time;
  const next = business.chat_cost_next;
  const costError = errorOf('chat_cost');
  const number = new Intl.NumberFormat(lang === 'ja' ? 'ja-JP' : 'en-US');
  const costRange = {
    min: number.format(C.minimumCostMushrooms),
    max: number.format(C.maximumCostMushrooms),
  };
  const costHint = t('business.chat.costHint', { ...costRange, time });
  const perMessage = (cost: number) =>
    t('business.chat.perMessage', { cost: number.format(cost), count: cost });

  const onSubmit = submit(
    (body) => {
      setSaved(false);
      return updateBusinessSetting(body);
    },
    (view) => {
      setBusiness(view);
      queryClient.setQueryData(accountKey, { ...account, business: view });
      form.reset(valuesOf(view));
      setSaved(true);
    },
  );

  const flags = [
    ['chat_locked', 'locked'],
    ['reject_free_points', 'rejectFree'],
    ['allow_back_number_review', 'backNumber'],
  ] as const;

  return (
    <form onSubmit={onSubmit} noValidate className="form">
      <Alert kind="error">{formError ? t(formError.key, formError.params ?? {}) : null}</Alert>
      <Alert kind="success">{saved ? t('business.saved') : null}</Alert>
      <section className="biz-card" aria-labelledby={`${costId}-h`}>
        <h2 id={`${costId}-h`}>{t('business.chat.heading')}</h2>
        <dl className="biz-prices">
          <div className="biz-price">
            <dt>{t('business.chat.today')}</dt>
            <dd data-testid="cost-today">{perMessage(business.chat_cost)}</dd>
          </div>
          <div className="biz-price biz-price--next">
            {next ? (
              <>
                <dt>{t('business.chat.tomorrow', { date: formatJstDate(lang, next.from), time })}</dt>
                <dd data-testid="cost-next">
                  <span className="biz-price__value">{perMessage(next.cost)}</span>
                </dd>
              </>
            ) : (
              <dd data-testid="cost-next">{t('business.chat.noChange')}</dd>
            )}
          </div>
        </dl>
        <FieldShell
          id={costId}
          label={t('business.chat.cost')}
          hint={costHint}
          after={
            costError ? (
              <p id={`${costId}-error`} className="field__error" role="alert">
                {t(costError, costRange)}
              </p>
            ) : null
          }
        >
          <input
            id={costId}
            className="input"
            type="number"
            inputMode="numeric"
            min={C.minimumCostMushrooms}
            max={C.maximumCostMushrooms}
            step={1}
            aria-invalid={costError ? true : undefined}
            aria-describedby={describedBy(costId, costHint, costError)}
            {...form.register('chat_cost', { valueAsNumber: true })}
          />
        </FieldShell>
        <div className="biz-flags">
          {flags.map(([name, key]) => (
            <div key={name}>
              <label className="choice">
                <input type="checkbox" {...form.register(name)} aria-describedby={`${flagsId}-${key}`} />
                <span className="choice__label">{t(`business.chat.${key}`)}</span>
              </label>
              <p className="field__hint" id={`${flagsId}-${key}`}>
                {t(`business.chat.${key}Hint`)}
              </p>
            </div>
          ))}
        </div>
      </section>
      <section className="biz-card" aria-labelledby={`${flagsId}-invoice`}>
        <h2 id={`${flagsId}-invoice`}>{t('business.invoice.heading')}</h2>
        <TextField
          label={t('business.invoice.number')}
          hint={t('business.invoice.hint')}
          autoComplete="off"
          spellCheck={false}
          error={errorOf('invoice_number')}
          {...form.register('invoice_number')}
        />
      </section>
      <Button type="submit" className="btn--block" busy={busy} busyLabel={t('common.actions.sending')}>
        {t('business.submit')}
      </Button>
    </form>
  );
}
