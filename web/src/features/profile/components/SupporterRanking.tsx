import type { SupporterView } from '@app/shared/schemas/social';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import { formatNumber } from '../../points/format.ts';

/** The top supporters this month and all time (anonymous supporters without name or picture). */
export function SupporterRanking({ month, allTime }: { month: SupporterView[]; allTime: SupporterView[] }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [period, setPeriod] = useState<'month' | 'all'>('month');
  const rows = period === 'month' ? month : allTime;
  return (
    <section className="profile__section" aria-labelledby="supporters-heading">
      <h2 id="supporters-heading" className="section-title">
        {t('social.profile.supporters.heading')}
      </h2>
      <fieldset className="segmented">
        <legend className="visually-hidden">{t('social.profile.supporters.tabs')}</legend>
        {(['month', 'all'] as const).map((p) => (
          <button
            key={p}
            type="button"
            className="segmented__item"
            aria-pressed={period === p}
            onClick={() => setPeriod(p)}
          >
            {p === 'month' ? t('social.profile.supporters.month') : t('social.profile.supporters.allTime')}
          </button>
        ))}
      </fieldset>
      {rows.length === 0 ? (
        <p className="profile__empty">{t('social.profile.supporters.empty')}</p>
      ) : (
        <ol className="supporters" aria-labelledby="supporters-heading">
          {rows.map((s) => (
            <li key={`${s.rank}-${s.id ?? 'anon'}`} className="supporters__row">
              <span className="supporters__rank">
                {t('social.profile.supporters.rank', { rank: s.rank })}
              </span>
              {s.anonymous ? (
                <span className="avatar avatar--letter supporters__anon" aria-hidden="true">
                  ?
                </span>
              ) : (
                <Avatar peer={{ ...s, id: s.id ?? String(s.rank) }} size={36} />
              )}
              <span className="supporters__name">
                {s.anonymous ? t('social.profile.supporters.anonymous') : (s.nickname ?? '')}
              </span>
              <span className="supporters__points">
                {t('social.profile.supporters.points', { points: formatNumber(lang, s.points) })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
