import { type UserInfoView, userInfoRequest } from '@app/shared/schemas/mypage';
import { jstDate } from '@app/shared/time';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { TextField } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { validationValues } from '../../../lib/i18n.ts';
import { updateUserInfo } from '../api/updateUserInfo.ts';

const GENDERS = ['male', 'female'] as const;

/** User information: sign-up STEP.2 and the account user tab. The birth date is fixed once saved. */
export function UserInfoForm({
  initial,
  defaultEmail,
  submitLabel,
  onSaved,
}: {
  initial: UserInfoView | null;
  defaultEmail: string | null;
  submitLabel: string;
  onSaved: () => void | Promise<void>;
}) {
  const { t } = useTranslation();
  const { form, submit, errorOf, formError, busy } = useApiForm(userInfoRequest, {
    full_name: initial?.full_name ?? '',
    notification_email: initial?.notification_email ?? defaultEmail ?? '',
    gender: initial?.gender,
    birth_date: initial?.birth_date ?? '',
  });
  const locked = Boolean(initial?.birth_date);
  const genderError = errorOf('gender');

  const onSubmit = submit(
    (body) => updateUserInfo(body),
    () => onSaved(),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="form">
      <Alert kind="error">{formError ? t(formError.key, formError.params ?? {}) : null}</Alert>
      <TextField
        label={t('mypage.user.fullName')}
        autoComplete="name"
        placeholder={t('mypage.user.fullNamePlaceholder')}
        required
        error={errorOf('full_name')}
        {...form.register('full_name')}
      />
      <TextField
        label={t('mypage.user.email')}
        hint={t('mypage.user.emailHint')}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={errorOf('notification_email')}
        {...form.register('notification_email')}
      />
      <fieldset
        className={`choice-group choice-group--row field${genderError ? ' field--error' : ''}`}
        aria-describedby={genderError ? 'gender-error' : undefined}
      >
        <legend className="field__label">
          {t('mypage.user.gender')}
          <span className="field__req">{t('common.required')}</span>
        </legend>
        {GENDERS.map((g) => (
          <label key={g} className="choice">
            <input
              type="radio"
              value={g}
              aria-invalid={genderError ? true : undefined}
              {...form.register('gender')}
            />
            <span className="choice__label">{t(`mypage.user.${g}`)}</span>
          </label>
        ))}
        {genderError ? (
          <p id="gender-error" className="field__error" role="alert" style={{ width: '100%' }}>
            {t(genderError, validationValues)}
          </p>
        ) : null}
      </fieldset>
      {locked ? (
        <TextField
          label={t('mypage.user.birthDate')}
          hint={t('mypage.user.birthDateLocked')}
          type="date"
          readOnly
          {...form.register('birth_date')}
        />
      ) : (
        <>
          <Alert kind="warning">{t('mypage.user.birthDateWarning')}</Alert>
          <TextField
            label={t('mypage.user.birthDate')}
            type="date"
            autoComplete="bday"
            required
            min="1900-01-01"
            max={jstDate(new Date())}
            error={errorOf('birth_date')}
            {...form.register('birth_date')}
          />
        </>
      )}
      <Button type="submit" className="btn--block" busy={busy} busyLabel={t('common.actions.saving')}>
        {submitLabel}
      </Button>
    </form>
  );
}
