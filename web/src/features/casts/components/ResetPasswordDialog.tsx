import type { CastView } from '@app/shared/schemas/organizations';
import { castPasswordResetRequest } from '@app/shared/schemas/organizations';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useModal } from '../../../components/useModal.ts';
import { useApiForm } from '../../../lib/apiForm.ts';
import { NewPasswordFields } from '../../auth/components/NewPasswordFields.tsx';
import { resetCastPassword } from '../api/resetCastPassword.ts';
import { castMessageValues } from './messages.ts';

/**
 * The owner gives a cast a new temporary password (entered twice): the cast's sessions end and it
 * chooses its own at the next login. Mounted for one cast at a time (`key` = the cast's id).
 */
export function ResetPasswordDialog({
  cast,
  onDone,
  onCancel,
}: {
  cast: CastView;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const ref = useModal(true);
  const titleId = useId();
  const name = cast.nickname || cast.username;
  const { form, submit, errorOf, formError, busy } = useApiForm(castPasswordResetRequest, {
    cast_id: cast.id,
    password: '',
    password_confirmation: '',
  });
  const onSubmit = submit((body) => resetCastPassword(body), onDone);
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
        {t('casts.reset.title', { name })}
      </h2>
      <form onSubmit={onSubmit} noValidate className="form">
        <p>{t('casts.reset.body')}</p>
        <Alert kind="error">{formError ? t(formError.key, castMessageValues(formError.params)) : null}</Alert>
        <NewPasswordFields
          labels={{
            password: t('casts.reset.password'),
            confirmation: t('casts.reset.passwordConfirmation'),
          }}
          password={form.register('password')}
          confirmation={form.register('password_confirmation')}
          errors={{ password: errorOf('password'), password_confirmation: errorOf('password_confirmation') }}
        />
        <div className="dialog__actions">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" busy={busy} busyLabel={t('casts.reset.busy')}>
            {t('casts.reset.submit')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
