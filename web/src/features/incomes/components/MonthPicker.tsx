import { useTranslation } from 'react-i18next';

/** The previous / next month switcher of the income and sales screens, with the month between. */
export function MonthPicker({
  label,
  onMove,
  canGoBack,
  canGoForward,
}: {
  /** The shown month, formatted (empty while loading). */
  label: string | null;
  onMove: (delta: -1 | 1) => void;
  canGoBack: boolean;
  canGoForward: boolean;
}) {
  const { t } = useTranslation();
  return (
    <nav className="month-picker" aria-label={t('incomes.month.picker')}>
      <button
        type="button"
        className="btn btn--secondary month-picker__step"
        onClick={() => onMove(-1)}
        disabled={!canGoBack}
      >
        <span aria-hidden="true">‹ </span>
        {t('incomes.month.previous')}
      </button>
      <h2 className="month-picker__current" aria-live="polite">
        {label}
      </h2>
      <button
        type="button"
        className="btn btn--secondary month-picker__step"
        onClick={() => onMove(1)}
        disabled={!canGoForward}
      >
        {t('incomes.month.next')}
        <span aria-hidden="true"> ›</span>
      </button>
    </nav>
  );
}
