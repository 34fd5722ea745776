import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/SubmitButton.tsx';
import { useModal } from '../../../components/useModal.ts';
import type { ConfirmationType } from '../api/confirm.ts';

/** The terms each help explains (DECISIONS "Profiles, likes, favorites" and "Points"). */
const sections: Record<ConfirmationType, { key: string; terms: string[] }> = {
  like_favorite_help: { key: 'likeFavorite', terms: ['like', 'favorite'] },
  point_kinds_help: { key: 'pointKinds', terms: ['mushroom', 'leaf', 'original'] },
};

/** One of home's two help modals (native <dialog>: focus trap and Escape come with it). */
export function HelpDialog({ type, onClose }: { type: ConfirmationType | null; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useModal(type !== null);
  const titleId = useId();
  const section = type ? sections[type] : null;
  return (
    <dialog
      ref={ref}
      className="dialog home-help"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {section ? (
        <>
          <h2 id={titleId} className="dialog__title">
            {t(`home.help.${section.key}.title`)}
          </h2>
          <dl className="home-help__list">
            {section.terms.map((term) => (
              <div key={term} className={`home-help__item home-help__item--${term}`}>
                <dt>{t(`home.help.${section.key}.${term}`)}</dt>
                <dd>{t(`home.help.${section.key}.${term}Body`)}</dd>
              </div>
            ))}
          </dl>
          <div className="dialog__actions">
            <Button onClick={onClose} autoFocus>
              {t('home.help.close')}
            </Button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
