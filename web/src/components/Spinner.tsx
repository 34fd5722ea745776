import { useTranslation } from 'react-i18next';
import { useLoading } from '../lib/loading.ts';

export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
    </div>
  );
}

/** The global loading indicator: mode 1 covers the page, mode 2 shows a small overlay. */
export function LoadingOverlay() {
  const mode = useLoading();
  if (mode === 0) return null;
  return (
    <div className={`loading-overlay loading-overlay--${mode === 1 ? 'page' : 'action'}`}>
      <Spinner />
    </div>
  );
}
