/**
 * The fan club's settings form (on /home/fanclub): name, description, benefits, monthly price in
 * mushrooms, open to new members or not. The first save creates the fan club. Checked by the
 * contract's schema (each field's own message), sent to POST /fanclub/setting.
 */
import { businessConfig } from '@app/shared/config';
import {
  type FanclubSettingRequest,
  type FanclubSettingResponse,
  type FanclubSettingView,
  fanclubSettingRequest,
} from '@app/shared/schemas/fanclub';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { describedBy, FieldShell, TextField } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { formatNumber } from '../../points/format.ts';
import { saveFanclubSetting } from '../api/saveFanclubSetting.ts';

const F = businessConfig.fanclub;

const valuesOf = (f: FanclubSettingView | null): Partial<FanclubSettingRequest> =>
  f
    ? { name: f.name, description: f.description, benefits: f.benefits, price: f.price, is_open: f.is_open }
    : { name: '', description: '', benefits: '', is_open: true };

export function FanclubSettingForm({
  fanclub,
  onSaved,
}: {
  fanclub: FanclubSettingView | null;
  onSaved: (saved: FanclubSettingResponse, created: boolean) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const id = useId();
  const { form, submit, errorOf, formError, busy } = useApiForm(fanclubSettingRequest, valuesOf(fanclub));
  const creating = fanclub === null;
  const [saved, setSaved] = useState(false);
  const isOpen = Boolean(form.watch('is_open'));
  const onSubmit = submit(
    (body) => {
      setSaved(false);
      return saveFanclubSetting(body);
    },
    (res) => {
      form.reset(valuesOf(res.fanclub));
      setSaved(true);
      onSaved(res, creating);
    },
  );

  const priceId = `${id}-price`;
  const priceError = errorOf('price');
  const priceRange = { min: formatNumber(lang, F.priceMin), max: formatNumber(lang, F.priceMax) };
  const priceHint = t('fanclub.form.priceHint', priceRange);
  const textArea = (name: 'description' | 'benefits', max: number, rows: number) => {
    const fieldId = `${id}-${name}`;
    const error = errorOf(name);
    const hint = t(`fanclub.form.${name}Hint`, { max: formatNumber(lang, max) });
    return (
      <FieldShell id={fieldId} label={t(`fanclub.form.${name}`)} hint={hint} error={error}>
        <textarea
          id={fieldId}
          className="textarea"
          rows={rows}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fieldId, hint, error)}
          {...form.register(name)}
        />
      </FieldShell>
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="form fanclub-form" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t(creating ? 'fanclub.form.createHeading' : 'fanclub.form.heading')}</h2>
      <Alert kind="error">{formError ? t(formError.key, formError.params ?? {}) : null}</Alert>
      <TextField
        label={t('fanclub.form.name')}
        hint={t('fanclub.form.nameHint', { max: F.nameMax })}
        required
        error={errorOf('name')}
        autoComplete="off"
        {...form.register('name')}
      />
      {textArea('description', F.descriptionMax, 5)}
      {textArea('benefits', F.benefitsMax, 4)}
      <FieldShell
        id={priceId}
        label={t('fanclub.form.price')}
        hint={priceHint}
        required
        after={
          priceError ? (
            <p id={`${priceId}-error`} className="field__error" role="alert">
              {t(priceError, { fanclub_price_min: priceRange.min, fanclub_price_max: priceRange.max })}
            </p>
          ) : null
        }
      >
        <div className="fanclub-form__price">
          <input
            id={priceId}
            className="input"
            type="number"
            inputMode="numeric"
            min={F.priceMin}
            max={F.priceMax}
            step={1}
            aria-required
            aria-invalid={priceError ? true : undefined}
            aria-describedby={describedBy(priceId, priceHint, priceError)}
            {...form.register('price', { valueAsNumber: true })}
          />
          <span aria-hidden="true">{t('fanclub.form.priceUnit')}</span>
        </div>
      </FieldShell>
      <div className="fanclub-form__switch">
        <label className="choice">
          <input
            type="checkbox"
            role="switch"
            aria-checked={isOpen}
            aria-describedby={`${id}-open`}
            {...form.register('is_open')}
          />
          <span className="choice__label">{t('fanclub.form.open')}</span>
        </label>
        <p className="field__hint" id={`${id}-open`}>
          {t('fanclub.form.openHint')}
        </p>
      </div>
      <div aria-live="polite">
        {saved && !creating ? <Alert kind="success">{t('fanclub.form.saved')}</Alert> : null}
      </div>
      <Button type="submit" className="btn--block" busy={busy} busyLabel={t('common.actions.sending')}>
        {t(creating ? 'fanclub.form.create' : 'fanclub.form.submit')}
      </Button>
    </form>
  );
}
