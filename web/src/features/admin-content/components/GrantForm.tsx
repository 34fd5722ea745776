/**
 * Leaves granted to one fan or a list (ids or usernames) with a reason. The form's key is made
 * when it opens (and again after each grant), so a doubled or retried submit credits once per fan.
 * The answer lists who got them and who was refused, and why.
 */
import { businessConfig } from '@app/shared/config';
import {
  type LeafGrantRequest,
  type LeafGrantResponse,
  leafGrantRequest,
} from '@app/shared/schemas/admin-content';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { describedBy, FieldShell, TextField } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { validationValues } from '../../../lib/i18n.ts';
import { grantLeaves } from '../api/grantLeaves.ts';
import { ReasonField, useConfirmedSend } from './confirmed-send.tsx';

const splitTargets = (text: string) => text.split(/[\s,、，]+/).filter(Boolean);

const fresh = (): LeafGrantRequest => ({
  targets: [],
  points: undefined as unknown as number,
  reason: '',
  key: crypto.randomUUID(),
});

export function GrantForm({ onGranted }: { onGranted?: () => void }) {
  const { t } = useTranslation();
  const { to } = useLang();
  const id = useId();
  const { form, submit, errorOf, formError, busy } = useApiForm(leafGrantRequest, fresh());
  const [text, setText] = useState('');
  const [result, setResult] = useState<LeafGrantResponse | null>(null);
  const targets = form.watch('targets') ?? [];
  const points = form.watch('points');

  const onGrant = submit(
    (body) => grantLeaves(body),
    (res) => {
      setResult(res);
      setText('');
      form.reset(fresh());
      onGranted?.();
    },
  );

  const { formRef, ask, dialog } = useConfirmedSend(form, onGrant);

  const targetsId = `${id}-targets`;
  const targetsError = errorOf('targets') ?? targets.map((_, i) => errorOf(`targets.${i}`)).find(Boolean);
  const targetsHint = t('admin.content.points.grant.targetsHint', { max: businessConfig.admin.grantListMax });

  return (
    <form
      ref={formRef}
      onSubmit={(e) => {
        e.preventDefault();
        setResult(null);
        void ask();
      }}
      noValidate
      className="form"
      aria-labelledby={`${id}-h`}
    >
      <h2 id={`${id}-h`} className="section-title">
        {t('admin.content.points.grant.heading')}
      </h2>
      <Alert kind="error">
        {formError ? t(formError.key, { ...validationValues, ...formError.params }) : null}
      </Alert>
      <FieldShell
        id={targetsId}
        label={t('admin.content.points.grant.targets')}
        hint={targetsHint}
        error={targetsError}
        required
      >
        <textarea
          id={targetsId}
          className="textarea"
          rows={3}
          value={text}
          aria-required
          aria-invalid={targetsError ? true : undefined}
          aria-describedby={describedBy(targetsId, targetsHint, targetsError)}
          onChange={(e) => {
            setText(e.target.value);
            form.setValue('targets', splitTargets(e.target.value), {
              shouldValidate: form.formState.isSubmitted,
            });
          }}
        />
      </FieldShell>
      <TextField
        type="number"
        inputMode="numeric"
        min={1}
        label={t('admin.content.points.grant.points')}
        required
        error={errorOf('points')}
        {...form.register('points', { valueAsNumber: true })}
      />
      <ReasonField
        label={t('admin.content.points.grant.reason')}
        error={errorOf('reason')}
        registration={form.register('reason')}
      />
      <Button type="submit" busy={busy} busyLabel={t('common.actions.sending')}>
        {t('admin.content.points.grant.submit')}
      </Button>
      <ConfirmDialog
        {...dialog}
        title={t('admin.content.points.grant.confirmTitle')}
        confirmLabel={t('admin.content.points.grant.submit')}
        busy={busy}
      >
        <p>{t('admin.content.points.grant.confirmBody', { count: new Set(targets).size, points })}</p>
      </ConfirmDialog>
      {result ? (
        <section aria-labelledby={`${id}-result`} className="admin-content__panel" aria-live="polite">
          <h3 id={`${id}-result`}>{t('admin.content.points.grant.resultHeading')}</h3>
          <p className="admin-points__ok" role="status">
            {t('admin.content.points.grant.granted', { count: result.granted.length })}
          </p>
          <ul>
            {result.granted.map((g) => (
              <li key={g.id}>
                {g.nickname ?? g.id} {g.username ? `@${g.username}` : ''}{' '}
                {g.replayed ? t('admin.content.points.grant.replayed') : ''}{' '}
                <Link to={to(`/admin/points?profile=${encodeURIComponent(g.id)}`)}>
                  {t('admin.content.points.grant.history')}
                </Link>
              </li>
            ))}
          </ul>
          {result.refused.length > 0 ? (
            <>
              <p className="admin-points__refused">
                {t('admin.content.points.grant.refused', { count: result.refused.length })}
              </p>
              <ul>
                {result.refused.map((r) => (
                  <li key={r.target}>
                    <span className="admin-points__mono">{r.target}</span>:{' '}
                    {t(`admin.content.points.grant.refusals.${r.reason}`)}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ) : null}
    </form>
  );
}
