import type { PointLogView } from '@app/shared/schemas/points';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { formatDateTime, formatNumber, pointSign, signedPoints } from '../format.ts';

/** One point log row: what, who, when, the signed points, the kinds used and the yen paid. */
export function HistoryRow({ log }: { log: PointLogView }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const plus = pointSign(log.type) > 0;
  const name = log.counterparty?.nickname ?? log.counterparty?.username ?? null;
  const parts =
    log.parts.length > 1
      ? t('points.history.parts', {
          parts: log.parts
            .map((p) =>
              t('points.history.part', {
                kind: t(`points.kinds.${p.kind}`),
                points: formatNumber(lang, p.points),
              }),
            )
            .join(lang === 'ja' ? '・' : ', '),
        })
      : log.parts[0]
        ? t(`points.kinds.${log.parts[0].kind}`)
        : null;
  return (
    <li className="history__row" tabIndex={-1}>
      <span className="history__title">
        {t(`points.history.details.${log.detail}`)}
        {name ? <span className="history__who"> · {t('points.history.counterparty', { name })}</span> : null}
      </span>
      <span className={`history__points history__points--${plus ? 'plus' : 'minus'}`}>
        <span aria-hidden="true">{signedPoints(lang, log.type, log.points)}</span>
        <span className="visually-hidden">
          {t(plus ? 'points.history.gain' : 'points.history.loss', {
            points: formatNumber(lang, log.points),
            count: log.points,
          })}
        </span>
      </span>
      <span className="history__meta">
        <time dateTime={log.created_at}>{formatDateTime(lang, log.created_at)}</time>
        {parts ? <> · {parts}</> : null}
      </span>
      {log.yen !== null ? (
        <span className="history__yen">{t('points.history.yen', { yen: formatNumber(lang, log.yen) })}</span>
      ) : null}
    </li>
  );
}
