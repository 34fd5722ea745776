/**
 * /organization/casts: an approved owner's casts, each with its state, this and last month's sales
 * and the actions on it (reset the password, suspend or resume, remove), the count against the
 * limit and the way to create one. An owner whose organization is not approved is sent to
 * /organization; other roles are told whom the screen is for (OwnerGate).
 */
import type { CastView, OrganizationView } from '@app/shared/schemas/organizations';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { TextField } from '../../../components/Field.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import type { ApiResult } from '../../../lib/api.ts';
import { queryErrorKey } from '../../../lib/query.ts';
import { useOrganization } from '../../organizations/cache.ts';
import { OwnerGate } from '../../organizations/components/OwnerGate.tsx';
import { errorMessage, type Message, validationMessage } from '../../store/messages.ts';
import '../../points/points.css';
import '../casts.css';
import { removeCast } from '../api/removeCast.ts';
import { resumeCast } from '../api/resumeCast.ts';
import { suspendCast } from '../api/suspendCast.ts';
import { invalidateCasts, useCasts } from '../cache.ts';
import { type CastAction, CastCard } from '../components/CastCard.tsx';
import { castMessageValues } from '../components/messages.ts';
import { NotApproved } from '../components/NotApproved.tsx';
import { ResetPasswordDialog } from '../components/ResetPasswordDialog.tsx';

interface Outcome {
  kind: 'success' | 'error';
  m: Message;
}

const nameOf = (cast: CastView) => cast.nickname || cast.username;

function Casts({ organization }: { organization: OrganizationView }) {
  const { t } = useTranslation();
  const id = useId();
  const query = useCasts(true);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [dialog, setDialog] = useState<{ action: CastAction; cast: CastView } | null>(null);
  const [typed, setTyped] = useState('');
  const loadError = queryErrorKey(query.error);
  const data = query.data;
  const casts = data?.casts ?? null;
  const max = organization.casts_max;
  const full = casts !== null && casts.length >= max;

  /** Runs an action on a cast, says how it went, and reads the list again. */
  const act = async (cast: CastView, call: () => Promise<ApiResult<unknown>>, doneKey: string) => {
    setBusyId(cast.id);
    setOutcome(null);
    try {
      const result = await call();
      if (result === null) return;
      if (result.ok) setOutcome({ kind: 'success', m: { key: doneKey, params: { name: nameOf(cast) } } });
      else setOutcome({ kind: 'error', m: validationMessage(result) });
    } catch (err) {
      setOutcome({ kind: 'error', m: errorMessage(err) });
    } finally {
      setBusyId(null);
      setDialog(null);
      await invalidateCasts();
    }
  };

  const onAction = (action: CastAction, cast: CastView) => {
    if (action === 'resume') void act(cast, () => resumeCast(cast.id), 'casts.resume.done');
    else {
      setTyped('');
      setDialog({ action, cast });
    }
  };

  const target = dialog?.cast ?? null;
  const create = full ? (
    <button type="button" className="btn btn--primary" disabled aria-describedby={`${id}-full`}>
      {t('casts.create')}
    </button>
  ) : (
    <LangLink className="btn btn--primary" to="/organization/casts/new">
      {t('casts.create')}
    </LangLink>
  );

  return (
    <>
      <div className="casts__head">
        <p className="casts__count" data-testid="casts-count">
          {t('casts.count', { count: casts?.length ?? organization.cast_count, max })}
        </p>
        {casts && casts.length > 0 ? create : null}
      </div>
      {full ? (
        <p id={`${id}-full`} className="alert alert--warning">
          {t('casts.limitReached', { max })}
        </p>
      ) : null}
      <div aria-live="polite">
        {outcome ? (
          <Alert kind={outcome.kind}>{t(outcome.m.key, castMessageValues(outcome.m.params))}</Alert>
        ) : null}
      </div>
      {loadError ? <Alert kind="error">{t(loadError.key, castMessageValues(loadError.params))}</Alert> : null}
      {!data || casts === null ? (
        loadError ? null : (
          <Spinner />
        )
      ) : casts.length === 0 ? (
        <div className="empty" data-testid="casts-empty">
          <h2 className="section-title">{t('casts.empty.heading')}</h2>
          <p>{t('casts.empty.body')}</p>
          {create}
        </div>
      ) : (
        <ul className="casts__list" aria-label={t('casts.list.label')}>
          {casts.map((cast) => (
            <CastCard
              key={cast.id}
              cast={cast}
              months={{ this: data.this_month, last: data.last_month }}
              busy={busyId === cast.id}
              onAction={onAction}
            />
          ))}
        </ul>
      )}
      {target && dialog?.action === 'reset' ? (
        <ResetPasswordDialog
          key={target.id}
          cast={target}
          onCancel={() => setDialog(null)}
          onDone={async () => {
            setDialog(null);
            setOutcome({ kind: 'success', m: { key: 'casts.reset.done', params: { name: nameOf(target) } } });
            await invalidateCasts();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={dialog?.action === 'suspend'}
        title={target ? t('casts.suspend.title', { name: nameOf(target) }) : ''}
        confirmLabel={t('casts.suspend.confirm')}
        busy={busyId !== null && busyId === target?.id}
        busyLabel={t('casts.suspend.busy')}
        onConfirm={() => target && void act(target, () => suspendCast(target.id), 'casts.suspend.done')}
        onCancel={() => setDialog(null)}
      >
        <p>{t('casts.suspend.body')}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.action === 'remove'}
        title={target ? t('casts.remove.title', { name: nameOf(target) }) : ''}
        confirmLabel={t('casts.remove.confirm')}
        busy={busyId !== null && busyId === target?.id}
        busyLabel={t('casts.remove.busy')}
        confirmDisabled={!target || typed.trim() !== target.username}
        onConfirm={() => target && void act(target, () => removeCast(target.id), 'casts.remove.done')}
        onCancel={() => setDialog(null)}
      >
        <p>{t('casts.remove.body')}</p>
        <p>{t('casts.remove.sales')}</p>
        {target ? (
          <TextField
            label={t('casts.remove.confirmLabel', { username: target.username })}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        ) : null}
      </ConfirmDialog>
    </>
  );
}

function CastsOfOrganization() {
  const { t } = useTranslation();
  const query = useOrganization(true);
  const loadError = queryErrorKey(query.error);
  if (!query.data)
    return loadError ? <Alert kind="error">{t(loadError.key, loadError.params ?? {})}</Alert> : <Spinner />;
  const organization = query.data.organization;
  if (organization?.status !== 'approved') return <NotApproved organization={organization} />;
  return <Casts organization={organization} />;
}

export default function CastsPage() {
  const { t } = useTranslation();
  return (
    <section className="page casts" aria-labelledby="casts-heading">
      <h1 id="casts-heading" className="page__title">
        {t('common.titles.casts')}
      </h1>
      <p className="muted">{t('casts.lead')}</p>
      <OwnerGate>{() => <CastsOfOrganization />}</OwnerGate>
    </section>
  );
}
