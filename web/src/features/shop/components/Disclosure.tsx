import { disclosureFields, type ShopItemView } from '@app/shared/schemas/shop';
import { useTranslation } from 'react-i18next';

/**
 * The shop's 特定商取引法 disclosure, folded under its heading: the seller's fields as the creator
 * set them (or "disclosed on request"), then the terms of the sale that hold for every item.
 */
export function Disclosure({ item }: { item: ShopItemView }) {
  const { t } = useTranslation();
  const { shop } = item;
  const rows: [string, string][] = [];
  if (shop.shop_name) rows.push([t('shop.item.disclosure.shopName'), shop.shop_name]);
  if (shop.disclosure_mode === 'full') {
    for (const field of disclosureFields) {
      const value = shop.disclosure[field];
      if (value) rows.push([t(`shop.item.disclosure.${field}`), value]);
    }
  }
  rows.push(
    [t('shop.item.disclosure.price'), t('shop.item.disclosure.priceValue')],
    [t('shop.item.disclosure.payment'), t('shop.item.disclosure.paymentValue')],
    [
      t('shop.item.disclosure.delivery'),
      item.item_type === 'physical'
        ? t('shop.item.includes.physical')
        : t('shop.item.disclosure.deliveryDigital'),
    ],
    [t('shop.item.disclosure.cancel'), t('shop.item.disclosure.cancelValue')],
  );
  if (shop.disclosure_mode === 'full' && shop.disclosure.note)
    rows.push([t('shop.item.disclosure.note'), shop.disclosure.note]);
  return (
    <details className="shop-disclosure" id="disclosure">
      <summary>{t('shop.item.disclosure.heading')}</summary>
      {shop.disclosure_mode === 'on_request' ? (
        <p className="small">{t('shop.item.disclosure.onRequest')}</p>
      ) : null}
      <dl className="shop-disclosure__list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
