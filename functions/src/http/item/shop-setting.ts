import { shopSettingRequest } from '@app/shared/schemas/shop';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { shopDeps } from '../../lib/shop-deps.ts';
import { saveShopSetting } from '../../services/shop/items.ts';

export const handler = httpHandler(
  'POST /mypage/business-setting/shop',
  { body: shopSettingRequest },
  async ({ caller, body, clock }) => saveShopSetting(shopDeps(clock), signedIn(caller).profile, body),
);
