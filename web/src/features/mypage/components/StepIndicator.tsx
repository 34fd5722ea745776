import { signupStepCount } from '@app/shared/roles';
import { useTranslation } from 'react-i18next';

const STEP_NAMES = ['profile', 'user', 'bank'] as const;

/** STEP.1/2/3 (fans: STEP.1/2). */
export function StepIndicator({ roleId, current }: { roleId: number; current: number }) {
  const { t } = useTranslation();
  const count = signupStepCount(roleId);
  return (
    <nav aria-label={t('mypage.steps.nav')}>
      <ol className="steps">
        {STEP_NAMES.slice(0, count).map((name, i) => {
          const n = i + 1;
          const state = n < current ? 'done' : n === current ? 'current' : 'todo';
          return (
            <li
              key={name}
              className={`steps__item steps__item--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <strong>{t('mypage.steps.label', { n })}</strong>
              {t(`mypage.steps.${name}`)}
              {state === 'done' ? (
                <span className="visually-hidden">{t('mypage.steps.doneNote')}</span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
