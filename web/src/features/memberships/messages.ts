import { errorCatalog } from '@app/shared/errors';
import { fanclubMessageParams } from '@app/shared/fanclub';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/lang-context.ts';
import { localizeParams, type Message } from '../store/messages.ts';

/** A fan club message in the reader's language, with the fan club's limits and the API's values. */
export function useMembershipText() {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (m: Message) =>
    t(m.key, { ...localizeParams(lang, fanclubMessageParams), ...localizeParams(lang, m.params) });
}

/** The message of a refusal named by its error code (the card's `join_refusal`). */
export function refusalMessage(code: string): Message {
  const entry = errorCatalog[code as keyof typeof errorCatalog];
  return { key: entry ? entry.key : 'errors.forbidden' };
}
