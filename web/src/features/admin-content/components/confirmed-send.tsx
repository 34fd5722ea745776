/**
 * What the grant and the refund share: the reason field, and a send that the form checks first
 * (else the first field with a message gets the focus) and that a dialog confirms.
 */
import { contentMessageParams } from '@app/shared/schemas/admin-content';
import { type ReactNode, useId, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { describedBy, FieldShell } from '../../../components/Field.tsx';

export function useConfirmedSend(form: { trigger: () => Promise<boolean> }, send: () => unknown) {
  const formRef = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState(false);
  async function ask() {
    if (await form.trigger()) setConfirming(true);
    // The first field with a message gets the focus once it is on screen.
    else setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }
  /** The ConfirmDialog's open state and answers: confirming sends. */
  const dialog = {
    open: confirming,
    onConfirm: () => {
      setConfirming(false);
      void send();
    },
    onCancel: () => setConfirming(false),
  };
  return { formRef, ask, dialog };
}

export function ReasonField({
  label,
  error,
  registration,
}: {
  label: ReactNode;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const { t } = useTranslation();
  const id = useId();
  const hint = t('admin.content.points.grant.reasonHint', { max: contentMessageParams.content_reason_max });
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required>
      <textarea
        id={id}
        className="textarea"
        rows={2}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...registration}
      />
    </FieldShell>
  );
}
