/**
 * A movement's journal (its double-entry lines, what it reverses or was reversed by) and, for a
 * spend still within the refund window, the refund with a reason after a confirmation.
 */
import { businessConfig } from '@app/shared/config';
import { type MovementView, refundRequest } from '@app/shared/schemas/admin-content';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { validationValues } from '../../../lib/i18n.ts';
import { queryErrorKey, unwrap } from '../../../lib/query.ts';
import { AdminTable } from '../../admin/components/AdminTable.tsx';
import { formatInstant, formatPoints } from '../../admin/format.ts';
import { getMovement } from '../api/getMovement.ts';
import { refundSpend } from '../api/refundSpend.ts';
import { ReasonField, useConfirmedSend } from './confirmed-send.tsx';

export const movementKey = (id: string) => ['admin', 'movement', id] as const;

export function MovementPanel({
  movementId,
  onClose,
  onRefunded,
}: {
  movementId: string;
  onClose: () => void;
  onRefunded: () => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const client = useQueryClient();
  const query = useQuery({
    queryKey: movementKey(movementId),
    queryFn: async () => unwrap(await getMovement(movementId)),
  });
  const failure = queryErrorKey(query.error);
  const m = query.data;

  useEffect(() => heading.current?.focus(), []);

  return (
    <section className="admin-content__panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} ref={heading} tabIndex={-1} className="section-title">
        {t('admin.content.points.journal.heading')}
      </h2>
      {failure ? <Alert kind="error">{t(failure.key, { ...failure.params })}</Alert> : null}
      {m ? (
        <>
          <dl className="admin-points__facts">
            <dt>{t('admin.content.points.journal.id')}</dt>
            <dd className="admin-points__mono">{m.id}</dd>
            <dt>{t('admin.content.points.journal.kind')}</dt>
            <dd>{t(`admin.content.points.journal.kinds.${m.kind}`)}</dd>
            <dt>{t('admin.content.points.journal.at')}</dt>
            <dd>{formatInstant(lang, m.created_at)}</dd>
            <dt>{t('admin.content.points.journal.points')}</dt>
            <dd>{formatPoints(lang, m.points)}</dd>
          </dl>
          <AdminTable
            columns={[
              {
                key: 'account',
                header: t('admin.content.points.journal.account'),
                className: 'admin-points__mono',
                cell: (l) => l.account,
              },
              {
                key: 'amount',
                header: t('admin.content.points.journal.amount'),
                cell: (l) => formatPoints(lang, l.amount),
              },
            ]}
            rows={m.lines}
            rowKey={(l) => l.account}
          />
          {m.reverses ? <p>{t('admin.content.points.journal.reverses', { id: m.reverses })}</p> : null}
          {m.reversed_by ? (
            <p>{t('admin.content.points.journal.reversedBy', { id: m.reversed_by })}</p>
          ) : null}
          {m.refund_block &&
          m.refund_block !== 'refunded' &&
          !(m.refund_block === 'not_spend' && m.reverses) ? (
            <p className="field__hint">
              {t(`admin.content.points.journal.blocks.${m.refund_block}`, {
                days: businessConfig.admin.refundDays,
              })}
            </p>
          ) : null}
          {m.refund_block === null ? (
            <RefundForm
              movementId={m.id}
              points={m.points}
              until={m.refundable_until}
              onRefunded={(next) => {
                client.setQueryData(movementKey(m.id), next);
                onRefunded();
              }}
            />
          ) : null}
        </>
      ) : null}
      <Button variant="secondary" onClick={onClose}>
        {t('admin.content.points.journal.close')}
      </Button>
    </section>
  );
}

function RefundForm({
  movementId,
  points,
  until,
  onRefunded,
}: {
  movementId: string;
  points: number;
  until: string | null;
  onRefunded: (movement: MovementView) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const { form, submit, errorOf, formError, busy } = useApiForm(refundRequest, {
    movement_id: movementId,
    reason: '',
  });
  const [done, setDone] = useState(false);
  const onRefund = submit(
    (body) => refundSpend(body),
    (res) => {
      setDone(true);
      onRefunded(res.movement);
    },
  );
  const { formRef, ask, dialog } = useConfirmedSend(form, onRefund);
  return (
    <form
      ref={formRef}
      noValidate
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        void ask();
      }}
    >
      {done ? <Alert kind="success">{t('admin.content.points.refund.done')}</Alert> : null}
      <Alert kind="error">
        {formError ? t(formError.key, { ...validationValues, ...formError.params }) : null}
      </Alert>
      {until ? (
        <p className="field__hint">
          {t('admin.content.points.journal.refundableUntil', { at: formatInstant(lang, until) })}
        </p>
      ) : null}
      <ReasonField
        label={t('admin.content.points.refund.reason')}
        error={errorOf('reason')}
        registration={form.register('reason')}
      />
      <Button type="submit" variant="danger" busy={busy} busyLabel={t('common.actions.sending')}>
        {t('admin.content.points.refund.submit')}
      </Button>
      <ConfirmDialog
        {...dialog}
        title={t('admin.content.points.refund.confirmTitle')}
        confirmLabel={t('admin.content.points.refund.submit')}
        busy={busy}
      >
        <p>{t('admin.content.points.refund.confirmBody', { points: formatPoints(lang, points) })}</p>
      </ConfirmDialog>
    </form>
  );
}
