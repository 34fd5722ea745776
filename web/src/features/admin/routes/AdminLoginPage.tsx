/**
 * /admin/login: e-mail and password, then the authenticator's code. At the first login the
 * authenticator is enrolled here (QR code and the secret to type), and the recovery codes are
 * shown once.
 */
import type { AdminEnrolResponse } from '@app/shared/schemas/admin';
import { adminLoginRequest } from '@app/shared/schemas/admin';
import type { TokenResponse } from '@app/shared/schemas/auth';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { PasswordField, TextField } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useApiForm } from '../../../lib/apiForm.ts';
import { saveSession } from '../../../lib/session.ts';
import { adminEnrol, adminLogin } from '../api/auth.ts';
import { useAdminCatalogue } from '../useAdminCatalogue.ts';
import '../admin.css';

/** The enrolment's refusals and their messages (`enrolment_invalid` starts the login again). */
const ENROL_ERRORS: Record<string, string> = {
  totp_invalid: 'errors.totpInvalid',
  totp_replayed: 'errors.totpReplayed',
  account_suspended: 'errors.accountSuspended',
  rate_limited: 'errors.rateLimited',
};

interface Enrolment {
  enrolment_token: string;
  secret: string;
  otpauth_url: string;
}

export default function AdminLoginPage() {
  const ready = useAdminCatalogue();
  return ready ? <Login /> : null;
}

function Login() {
  const { t } = useTranslation();
  const { to } = useLang();
  const navigate = useNavigate();
  const [askCode, setAskCode] = useState(false);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [recovery, setRecovery] = useState<AdminEnrolResponse | null>(null);
  const { form, submit, errorOf, formError, setFormError, busy } = useApiForm(adminLoginRequest, {
    email: '',
    password: '',
  });
  const enter = (tokens: TokenResponse) => {
    saveSession(tokens);
    navigate(to('/admin'), { replace: true });
  };

  const onSubmit = submit(
    async (body) => {
      try {
        return await adminLogin(askCode ? body : { email: body.email, password: body.password });
      } catch (err) {
        if (err instanceof ApiError && err.code === 'totp_required') {
          setAskCode(true);
          return null;
        }
        throw err;
      }
    },
    (answer) => {
      if (answer.enrolment) setEnrolment(answer.enrolment);
      else enter(answer);
    },
  );

  if (recovery) return <RecoveryCodes recovery={recovery} onContinue={() => enter(recovery)} />;

  if (enrolment)
    return (
      <div className="admin-auth">
        <h1>{t('admin.access.enrol.heading')}</h1>
        <p>{t('admin.access.enrol.lead')}</p>
        <div className="admin-auth__qr">
          <QRCodeSVG value={enrolment.otpauth_url} size={192} title={t('admin.access.enrol.qr')} />
        </div>
        <p>
          {t('admin.access.enrol.secret')}{' '}
          <code className="admin-auth__secret" data-testid="totp-secret">
            {enrolment.secret.replace(/(.{4})(?=.)/g, '$1 ')}
          </code>{' '}
          <CopyButton text={enrolment.secret} />
        </p>
        <EnrolForm
          onDone={setRecovery}
          enrolmentToken={enrolment.enrolment_token}
          onExpired={() => {
            setEnrolment(null);
            setFormError({ key: 'errors.enrolmentInvalid' });
          }}
        />
      </div>
    );

  return (
    <div className="admin-auth">
      <h1>{t('admin.access.login.heading')}</h1>
      <form onSubmit={onSubmit} noValidate className="form">
        <Alert kind="error">{formError ? t(formError.key, formError.params ?? {}) : null}</Alert>
        <TextField
          label={t('admin.access.login.email')}
          type="email"
          autoComplete="username"
          required
          error={errorOf('email')}
          {...form.register('email')}
        />
        <PasswordField
          label={t('admin.access.login.password')}
          autoComplete="current-password"
          required
          error={errorOf('password')}
          {...form.register('password')}
        />
        {askCode ? (
          <TextField
            label={t('admin.access.login.code')}
            hint={t('admin.access.login.codeHint')}
            autoComplete="one-time-code"
            inputMode="text"
            required
            autoFocus
            error={errorOf('code')}
            {...form.register('code')}
          />
        ) : null}
        <Button type="submit" className="btn--block" busy={busy} busyLabel={t('common.actions.sending')}>
          {t('admin.access.login.submit')}
        </Button>
      </form>
    </div>
  );
}

/** Copies `text` to the clipboard and says so. */
function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn--secondary"
        onClick={async () => {
          await navigator.clipboard?.writeText(text);
          setCopied(true);
        }}
      >
        {t('admin.access.enrol.copy')}
      </button>
      <span role="status" className="admin-auth__copied">
        {copied ? t('admin.access.enrol.copied') : ''}
      </span>
    </>
  );
}

/** The recovery codes, shown once: copy or print them, and say they are kept before going on. */
function RecoveryCodes({ recovery, onContinue }: { recovery: AdminEnrolResponse; onContinue: () => void }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  return (
    <div className="admin-auth">
      <h1>{t('admin.access.enrol.recoveryHeading')}</h1>
      <p>{t('admin.access.enrol.recoveryLead')}</p>
      <ol className="admin-auth__codes" data-testid="recovery-codes">
        {recovery.recovery_codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <p className="admin-auth__tools">
        <CopyButton text={recovery.recovery_codes.join('\n')} />
        <button type="button" className="btn btn--secondary" onClick={() => window.print()}>
          {t('admin.access.enrol.print')}
        </button>
      </p>
      <label className="admin-auth__saved">
        <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} />{' '}
        {t('admin.access.enrol.saved')}
      </label>
      <Button type="button" className="btn--block" disabled={!saved} onClick={onContinue}>
        {t('admin.access.enrol.continue')}
      </Button>
    </div>
  );
}

function EnrolForm({
  enrolmentToken,
  onDone,
  onExpired,
}: {
  enrolmentToken: string;
  onDone: (r: AdminEnrolResponse) => void;
  onExpired: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (busy) return;
        setBusy(true);
        setError(null);
        try {
          const result = await adminEnrol({ enrolment_token: enrolmentToken, code: code.trim() });
          if (result?.ok) onDone(result.data);
          else if (result) setError('validation.totpCode');
        } catch (err) {
          if (err instanceof ApiError && err.code === 'enrolment_invalid') onExpired();
          else
            setError(
              err instanceof ApiError && ENROL_ERRORS[err.code ?? '']
                ? (ENROL_ERRORS[err.code ?? ''] as string)
                : 'errors.communication',
            );
        } finally {
          setBusy(false);
        }
      }}
    >
      <TextField
        label={t('admin.access.login.code')}
        autoComplete="one-time-code"
        inputMode="numeric"
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error ?? undefined}
      />
      <Button type="submit" className="btn--block" busy={busy} busyLabel={t('common.actions.sending')}>
        {t('admin.access.enrol.submit')}
      </Button>
    </form>
  );
}
