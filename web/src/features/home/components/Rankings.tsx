import type { HomeResponse } from '@app/shared/schemas/social';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { LangLink } from '../../../components/LangLink.tsx';
import { formatNumber } from '../../points/format.ts';

type Kind = keyof HomeResponse['rankings'];
const kinds: Kind[] = ['amount', 'count'];

/** This month's item rankings by sales amount and by units sold, as two tabs. */
export function Rankings({ rankings }: { rankings: HomeResponse['rankings'] }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [kind, setKind] = useState<Kind>('amount');
  const id = useId();
  const lines = rankings[kind];
  return (
    <>
      <div className="home-tabs" role="tablist" aria-label={t('home.rankings.label')}>
        {kinds.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`${id}-${k}`}
            aria-controls={`${id}-panel`}
            aria-selected={k === kind}
            tabIndex={k === kind ? 0 : -1}
            className="home-tabs__tab"
            onClick={() => setKind(k)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
              const next = kinds[(kinds.indexOf(k) + 1) % kinds.length] as Kind;
              setKind(next);
              document.getElementById(`${id}-${next}`)?.focus();
            }}
          >
            {t(`home.rankings.${k}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${kind}`}>
        {lines.length === 0 ? (
          <p className="home__empty">{t('home.rankings.empty')}</p>
        ) : (
          <ol className="home-ranking">
            {lines.map((line) => (
              <li key={line.item_id} className="home-ranking__line">
                <span className="home-ranking__rank">{line.rank}</span>
                {line.thumbnail ? (
                  <img className="home-ranking__thumb" src={line.thumbnail} alt="" width={48} height={48} />
                ) : null}
                <span className="home-ranking__body">
                  <LangLink
                    className="home-ranking__name"
                    to={`/shop/item/${encodeURIComponent(line.item_id)}`}
                  >
                    {line.name}
                  </LangLink>
                  <LangLink className="home-ranking__creator" to={`/@${line.creator.username}`}>
                    {t('home.rankings.by', { nickname: line.creator.nickname })}
                  </LangLink>
                </span>
                <span className="home-ranking__value">
                  {t(`home.rankings.${kind}Value`, { value: formatNumber(lang, line.value) })}
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </>
  );
}
