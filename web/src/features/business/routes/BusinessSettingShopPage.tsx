import { useTranslation } from 'react-i18next';

/** /mypage/businessSetting/shop: the entry point of the shop's settings, which come with the shop. */
export default function BusinessSettingShopPage() {
  const { t } = useTranslation();
  return (
    <div className="biz-card">
      <h2>{t('business.shop.heading')}</h2>
      <p>{t('business.shop.body')}</p>
    </div>
  );
}
