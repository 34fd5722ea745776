/** What both lists and the read-only view show of a broadcast: its condition, status and counts. */
import type { BroadcastCounts } from '@app/shared/broadcasts';
import { useTranslation } from 'react-i18next';
import { skippedOf } from '../model.ts';

export function useConditionLabel() {
  const { t } = useTranslation();
  return (kind: 'reserve' | 'trigger', condition: number, hours: number | null) => {
    const label = t(`broadcasts.conditions.${kind}.${condition}`);
    return hours ? t('broadcasts.conditions.withHours', { condition: label, hours }) : label;
  };
}

export function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <span className={`shop-badge bcast-badge--${status}`} data-testid="reserve-status">
      {t(`broadcasts.status.${status}`)}
    </span>
  );
}

export function CountsLine({ counts }: { counts: BroadcastCounts }) {
  const { t } = useTranslation();
  return (
    <ul className="bcast-counts" aria-label={t('broadcasts.counts.label')}>
      <li>{t('broadcasts.counts.targeted', { count: counts.targeted })}</li>
      <li>{t('broadcasts.counts.delivered', { count: counts.delivered })}</li>
      <li>
        {t('broadcasts.counts.skipped', {
          count: skippedOf(counts),
          blocked: counts.blocked,
          closed: counts.closed,
          left: counts.left,
        })}
      </li>
      <li className={counts.failed > 0 ? 'bcast-counts__failed' : undefined}>
        {t('broadcasts.counts.failed', { count: counts.failed })}
      </li>
    </ul>
  );
}
