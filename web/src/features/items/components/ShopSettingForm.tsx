/**
 * The shop's business setting (/mypage/businessSetting/shop): the shop's name and the seller's
 * 特定商取引法 disclosure (the details shown on item pages, or "disclosed without delay on
 * request"). Read from GET /item/setting, saved with POST /mypage/business-setting/shop.
 */
import { disclosureFields, type ShopSettingView, shopSettingRequest } from '@app/shared/schemas/shop';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { describedBy, FieldShell, TextField } from '../../../components/Field.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { queryClient, queryErrorKey } from '../../../lib/query.ts';
import { saveShopSetting } from '../api/saveShopSetting.ts';
import { itemKeys, useItemSetting } from '../cache.ts';
import '../items.css';

const valuesOf = (s: ShopSettingView) => ({ ...s, shop_name: s.shop_name ?? '' });

function Form({ shop }: { shop: ShopSettingView }) {
  const { t } = useTranslation();
  const id = useId();
  const [saved, setSaved] = useState(false);
  const { form, submit, errorOf, formError, busy } = useApiForm(shopSettingRequest, valuesOf(shop));
  const mode = form.watch('disclosure_mode');
  const onSubmit = submit(
    (body) => {
      setSaved(false);
      return saveShopSetting(body);
    },
    (view) => {
      form.reset(valuesOf(view));
      void queryClient.invalidateQueries({ queryKey: itemKeys.setting });
      setSaved(true);
    },
  );
  const noteId = `${id}-note`;
  const noteError = errorOf('disclosure.note');
  return (
    <form onSubmit={onSubmit} noValidate className="form shop-setting">
      <Alert kind="error">{formError ? t(formError.key, formError.params ?? {}) : null}</Alert>
      <Alert kind="success">{saved ? t('items.setting.saved') : null}</Alert>
      <section className="biz-card" aria-labelledby={`${id}-shop`}>
        <h2 id={`${id}-shop`}>{t('items.setting.heading')}</h2>
        <TextField
          label={t('items.setting.shopName')}
          hint={t('items.setting.shopNameHint')}
          error={errorOf('shop_name')}
          autoComplete="organization"
          {...form.register('shop_name')}
        />
        <p>
          <LangLink to="/home/shop">{t('items.setting.manage')}</LangLink>
        </p>
      </section>
      <section className="biz-card" aria-labelledby={`${id}-disclosure`}>
        <h2 id={`${id}-disclosure`}>{t('items.setting.disclosureHeading')}</h2>
        <p className="field__hint">{t('items.setting.disclosureHint')}</p>
        <fieldset className="choice-group">
          <legend className="field__label">{t('items.setting.mode')}</legend>
          <label className="choice">
            <input type="radio" value="full" {...form.register('disclosure_mode')} />
            <span className="choice__label">{t('items.setting.modeFull')}</span>
          </label>
          <label className="choice">
            <input type="radio" value="on_request" {...form.register('disclosure_mode')} />
            <span className="choice__label">{t('items.setting.modeOnRequest')}</span>
          </label>
        </fieldset>
        {disclosureFields.map((f) => (
          <TextField
            key={f}
            label={t(`items.setting.${f}`)}
            required={mode === 'full' && (f === 'seller' || f === 'address')}
            error={errorOf(`disclosure.${f}`)}
            type={f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text'}
            autoComplete={
              f === 'email' ? 'email' : f === 'phone' ? 'tel' : f === 'address' ? 'street-address' : 'off'
            }
            {...form.register(`disclosure.${f}`)}
          />
        ))}
        <FieldShell id={noteId} label={t('items.setting.note')} error={noteError}>
          <textarea
            id={noteId}
            className="textarea"
            rows={4}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={describedBy(noteId, false, noteError)}
            {...form.register('disclosure.note')}
          />
        </FieldShell>
      </section>
      <Button type="submit" className="btn--block" busy={busy} busyLabel={t('common.actions.sending')}>
        {t('items.setting.submit')}
      </Button>
    </form>
  );
}

export function ShopSettingForm() {
  const { t } = useTranslation();
  const setting = useItemSetting();
  const error = queryErrorKey(setting.error);
  if (error) return <Alert kind="error">{t(error.key, error.params ?? {})}</Alert>;
  if (!setting.data) return <Spinner />;
  return <Form shop={setting.data.shop} />;
}
