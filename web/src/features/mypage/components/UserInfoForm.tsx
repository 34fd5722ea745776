import { type UserInfoView, userInfoRequest } from '@app/shared/schemas/mypage';
import { jstDate } from '@app/shared/time';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { TextField } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { validationValues } from '../../../lib/i18n.ts';
import { useForm } from '../../../lib/useForm.ts';
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
  const form = useForm();
  const [fullName, setFullName] = useState(initial?.full_name ?? '');
  const [email, setEmail] = useState(initial?.notification_email ?? defaultEmail ?? '');
  const [gender, setGender] = useState<string>(initial?.gender ?? '');
  const [birthDate, setBirthDate] = useState(initial?.birth_date ?? '');
  const locked = Boolean(initial?.birth_date);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.check(userInfoRequest, {
      full_name: fullName,
      notification_email: email,
      gender: gender || undefined,
      birth_date: birthDate,
    });
    if (!body) return;
    void form.submit(
      () => updateUserInfo(body),
      () => onSaved(),
    );
  };

  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate className="form">
      <Alert kind="error">{form.formError ? t(form.formError, form.formErrorParams) : null}</Alert>
      <TextField
        label={t('mypage.user.fullName')}
        name="full_name"
        autoComplete="name"
        placeholder={t('mypage.user.fullNamePlaceholder')}
        required
        value={fullName}
        error={form.errors.full_name}
        onChange={(e) => {
          setFullName(e.target.value);
          form.clearError('full_name');
        }}
      />
      <TextField
        label={t('mypage.user.email')}
        hint={t('mypage.user.emailHint')}
        type="email"
        name="notification_email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        error={form.errors.notification_email}
        onChange={(e) => {
          setEmail(e.target.value);
          form.clearError('notification_email');
        }}
      />
      <fieldset
        className={`choice-group choice-group--row field${form.errors.gender ? ' field--error' : ''}`}
        aria-describedby={form.errors.gender ? 'gender-error' : undefined}
      >
        <legend className="field__label">
          {t('mypage.user.gender')}
          <span className="field__req">{t('common.required')}</span>
        </legend>
        {GENDERS.map((g) => (
          <label key={g} className="choice">
            <input
              type="radio"
              name="gender"
              value={g}
              checked={gender === g}
              aria-invalid={form.errors.gender ? true : undefined}
              onChange={() => {
                setGender(g);
                form.clearError('gender');
              }}
            />
            <span className="choice__label">{t(`mypage.user.${g}`)}</span>
          </label>
        ))}
        {form.errors.gender ? (
          <p id="gender-error" className="field__error" role="alert" style={{ width: '100%' }}>
            {t(form.errors.gender, validationValues)}
          </p>
        ) : null}
      </fieldset>
      {locked ? (
        <TextField
          label={t('mypage.user.birthDate')}
          hint={t('mypage.user.birthDateLocked')}
          name="birth_date"
          type="date"
          readOnly
          value={birthDate}
        />
      ) : (
        <>
          <Alert kind="warning">{t('mypage.user.birthDateWarning')}</Alert>
          <TextField
            label={t('mypage.user.birthDate')}
            name="birth_date"
            type="date"
            autoComplete="bday"
            required
            min="1900-01-01"
            max={jstDate(new Date())}
            value={birthDate}
            error={form.errors.birth_date}
            onChange={(e) => {
              setBirthDate(e.target.value);
              form.clearError('birth_date');
            }}
          />
        </>
      )}
      <Button type="submit" className="btn--block" busy={form.busy} busyLabel={t('common.actions.saving')}>
        {submitLabel}
      </Button>
    </form>
  );
}
