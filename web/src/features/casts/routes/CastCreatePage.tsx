/**
 * /organization/casts/new: the owner creates a cast (nickname, username, first password entered
 * twice), then reads the login details to hand over. A taken username is shown on its field (the
 * server's message); the organization's state and the limit as the form's message.
 */

import { type CastResponse, type CastView, castCreateRequest } from '@app/shared/schemas/organizations';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { TextField } from '../../../components/Field.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { validationValues } from '../../../lib/i18n.ts';
import { queryErrorKey } from '../../../lib/query.ts';
import { NewPasswordFields } from '../../auth/components/NewPasswordFields.tsx';
import { useOrganization } from '../../organizations/cache.ts';
import { OwnerGate } from '../../organizations/components/OwnerGate.tsx';
import '../../points/points.css';
import '../casts.css';
import { createCast } from '../api/createCast.ts';
import { invalidateCasts } from '../cache.ts';
import { CreatedCast } from '../components/CreatedCast.tsx';
import { castMessageValues } from '../components/messages.ts';
import { NotApproved } from '../components/NotApproved.tsx';

function CastForm({ onCreated }: { onCreated: (cast: CastView) => void }) {
  const { t } = useTranslation();
  const { form, submit, errorOf, formError, busy } = useApiForm(castCreateRequest, {
    nickname: '',
    username: '',
    password: '',
    password_confirmation: '',
  });
  const onSubmit = submit(
    (body) => createCast(body),
    async (data: CastResponse) => {
      await invalidateCasts();
      onCreated(data.cast);
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate className="form">
      <Alert kind="error">{formError ? t(formError.key, castMessageValues(formError.params)) : null}</Alert>
      <TextField
        label={t('casts.form.nickname')}
        hint={t('casts.form.nicknameHint', validationValues)}
        autoComplete="off"
        required
        error={errorOf('nickname')}
        {...form.register('nickname')}
      />
      <TextField
        label={t('casts.form.username')}
        hint={t('casts.form.usernameHint', validationValues)}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        required
        error={errorOf('username')}
        {...form.register('username')}
      />
      <NewPasswordFields
        labels={{ password: t('casts.form.password'), confirmation: t('casts.form.passwordConfirmation') }}
        password={form.register('password')}
        confirmation={form.register('password_confirmation')}
        errors={{ password: errorOf('password'), password_confirmation: errorOf('password_confirmation') }}
      />
      <Button type="submit" className="btn--block" busy={busy} busyLabel={t('casts.form.busy')}>
        {t('casts.form.submit')}
      </Button>
    </form>
  );
}

function CreateCast() {
  const { t } = useTranslation();
  const query = useOrganization(true);
  const loadError = queryErrorKey(query.error);
  const [created, setCreated] = useState<CastView | null>(null);
  // The details replace the form: move the reader to them.
  useEffect(() => {
    if (created) document.getElementById('cast-created-heading')?.focus();
  }, [created]);
  if (!query.data)
    return loadError ? <Alert kind="error">{t(loadError.key, loadError.params ?? {})}</Alert> : <Spinner />;
  if (query.data.organization?.status !== 'approved')
    return <NotApproved organization={query.data.organization} />;
  if (created) return <CreatedCast cast={created} onAnother={() => setCreated(null)} />;
  return (
    <>
      <p className="muted">{t('casts.form.lead')}</p>
      <CastForm onCreated={setCreated} />
    </>
  );
}

export default function CastCreatePage() {
  const { t } = useTranslation();
  return (
    <section className="page casts" aria-labelledby="cast-create-heading">
      <p>
        <LangLink to="/organization/casts">
          <span aria-hidden="true">‹ </span>
          {t('casts.form.back')}
        </LangLink>
      </p>
      <h1 id="cast-create-heading" className="page__title">
        {t('common.titles.castCreate')}
      </h1>
      <OwnerGate>{() => <CreateCast />}</OwnerGate>
    </section>
  );
}
