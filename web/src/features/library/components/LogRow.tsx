import type { PurchaseLogRow } from '@app/shared/schemas/shop';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { LangLink } from '../../../components/LangLink.tsx';
import { formatDateTime, formatNumber } from '../../points/format.ts';

/** One purchase in the library: thumbnail, name, type, creator, date, state; opens the purchase. */
export function LogRow({ log }: { log: PurchaseLogRow }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const creator = log.creator.nickname ?? log.creator.username ?? '';
  return (
    <li className="library-row">
      <LangLink to={`/library/${log.id}`} className="library-row__link">
        {log.item.thumbnail ? (
          <img className="library-row__thumb" src={log.item.thumbnail} alt="" loading="lazy" />
        ) : (
          <span className="library-row__thumb library-row__thumb--empty" aria-hidden="true" />
        )}
        <span className="library-row__body">
          <span className="library-row__name">{log.item.name}</span>
          <span className="library-row__meta">
            {t(`library.types.${log.item.item_type}`)}
            {creator ? ` · ${t('library.by', { name: creator })}` : ''}
          </span>
          <span className="library-row__meta">
            <time dateTime={log.purchased_at}>
              {t('library.purchasedAt', { date: formatDateTime(lang, log.purchased_at) })}
            </time>
            {' · '}
            {t('library.points', { points: formatNumber(lang, log.points) })}
            {log.quantity > 1 ? ` · ${t('library.quantity', { count: log.quantity })}` : ''}
          </span>
          <span className="library-row__badges">
            {log.item.deleted ? <span className="badge badge--muted">{t('library.deleted')}</span> : null}
            {log.item.item_type === 'physical' ? (
              <span className={`badge${log.provided ? '' : ' badge--muted'}`}>
                {t(log.provided ? 'library.provided' : 'library.notProvided')}
              </span>
            ) : null}
            {log.has_gift ? <span className="badge badge--gift">{t('library.gift')}</span> : null}
          </span>
        </span>
      </LangLink>
    </li>
  );
}
