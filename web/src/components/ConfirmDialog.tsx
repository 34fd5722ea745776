import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './SubmitButton.tsx';
import { useModal } from './useModal.ts';

interface Props {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: ReactNode;
  busy?: boolean;
  busyLabel?: ReactNode;
  /** The confirm button waits for something (a name typed again). */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal confirmation (native <dialog>: focus trap and Escape come with it). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy,
  busyLabel,
  confirmDisabled,
  onConfirm,
  onCancel,
}: Props) {
  const { t } = useTranslation();
  const ref = useModal(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      <div className="dialog__body">{children}</div>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onCancel} disabled={busy} autoFocus>
          {t('common.actions.cancel')}
        </Button>
        <Button
          variant="danger"
          onClick={onConfirm}
          busy={busy}
          busyLabel={busyLabel}
          disabled={confirmDisabled}
        >
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
