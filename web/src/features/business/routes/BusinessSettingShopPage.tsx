import { ShopSettingForm } from '../../items/components/ShopSettingForm.tsx';

/** /mypage/businessSetting/shop: the shop's name and the seller's 特定商取引法 disclosure. */
export default function BusinessSettingShopPage() {
  return <ShopSettingForm />;
}
