import { errorCatalog } from '@app/shared/errors';
import { shopMessageParams } from '@app/shared/shop';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/lang-context.ts';
import { localizeParams, type Message } from '../store/messages.ts';

/** A shop message in the reader's language, with the shop's limits and the API's own values filled in. */
export function useShopText() {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (m: Message) =>
    t(m.key, { ...localizeParams(lang, shopMessageParams), ...localizeParams(lang, m.params) });
}

/** The message of a refusal the API named by its error code (a cart line's, the item page's). */
export function refusalMessage(code: string, params?: Record<string, string | number>): Message {
  const entry = errorCatalog[code as keyof typeof errorCatalog];
  return { key: entry ? entry.key : 'errors.itemUnavailable', params };
}
