import type { WithdrawalStatus } from '@app/shared/schemas/business';
import { useTranslation } from 'react-i18next';

/** A request's status as a coloured label (the colour is decoration: the text says it). */
export function StatusBadge({ status }: { status: WithdrawalStatus }) {
  const { t } = useTranslation();
  return <span className={`wd-badge wd-badge--${status}`}>{t(`withdrawals.status.${status}`)}</span>;
}
