import { businessConfig } from '@app/shared/config';
import { reportRequest, reportTypes } from '@app/shared/schemas/chat';
import { useEffect, useId } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Button } from '../../../components/SubmitButton.tsx';
import { useModal } from '../../../components/useModal.ts';
import { useApiForm } from '../../../lib/apiForm.ts';
import { localizeParams } from '../../store/messages.ts';
import { report } from '../api/report.ts';

interface MenuProps {
  open: boolean;
  muted: boolean;
  blocked: boolean;
  reported: boolean;
  busy: boolean;
  onMute: () => void;
  onBlock: () => void;
  onReport: () => void;
  onClose: () => void;
}

/** The room's menu: mute or unmute, block or unblock, report. */
export function RoomMenu({
  open,
  muted,
  blocked,
  reported,
  busy,
  onMute,
  onBlock,
  onReport,
  onClose,
}: MenuProps) {
  const { t } = useTranslation();
  const ref = useModal(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className="dialog sheet"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {t('chat.menu.heading')}
      </h2>
      <ul className="menu">
        <li>
          <button type="button" className="menu__item" onClick={onMute} disabled={busy}>
            {t(muted ? 'chat.menu.unmute' : 'chat.menu.mute')}
            <span className="menu__hint">{t(muted ? 'chat.menu.unmuteHint' : 'chat.menu.muteHint')}</span>
          </button>
        </li>
        <li>
          <button type="button" className="menu__item" onClick={onBlock} disabled={busy}>
            {t(blocked ? 'chat.menu.unblock' : 'chat.menu.block')}
            <span className="menu__hint">{t(blocked ? 'chat.menu.unblockHint' : 'chat.menu.blockHint')}</span>
          </button>
        </li>
        <li>
          <button type="button" className="menu__item menu__item--danger" onClick={onReport} disabled={busy}>
            {t('chat.menu.report')}
            {reported ? <span className="menu__hint">{t('chat.report.already')}</span> : null}
          </button>
        </li>
      </ul>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose} autoFocus>
          {t('common.actions.close')}
        </Button>
      </div>
    </dialog>
  );
}

interface ReportProps {
  open: boolean;
  chatroomId: string;
  name: string;
  onDone: () => void;
  onClose: () => void;
}

const DETAIL_MAX = businessConfig.chat.reportDetailMax;

/** The report form: a reason (spam, inappropriate content, harassment, other) and details. */
export function ReportDialog({ open, chatroomId, name, onDone, onClose }: ReportProps) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const ref = useModal(open);
  const titleId = useId();
  const detailId = useId();
  const { form, submit, errorOf, formError, setFormError, busy } = useApiForm(reportRequest, {
    detail: '',
    chatroom_id: chatroomId,
  });
  const typeField = useController({ control: form.control, name: 'type' }).field;
  // The reason is a union of literals: the resolver reports the closest member's issue, not the
  // union's own message, so the field says what the contract means (validation.reportType).
  const typeError = errorOf('type') ? 'validation.reportType' : undefined;
  const detailError = errorOf('detail');
  const detail = form.watch('detail') ?? '';

  useEffect(() => {
    if (open) {
      form.reset({ detail: '', chatroom_id: chatroomId });
      setFormError(null);
    }
  }, [open, chatroomId, form, setFormError]);

  const onSubmit = submit(
    (body) => report(body),
    () => onDone(),
  );

  return (
    <dialog
      ref={ref}
      className="dialog sheet"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {t('chat.report.heading', { name })}
      </h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        <fieldset className={`fieldset-plain field${typeError ? ' field--error' : ''}`}>
          <legend className="field__label">
            {t('chat.report.type')}
            <span className="field__req">{t('common.required')}</span>
          </legend>
          <div className="choice-group">
            {reportTypes.map((rt, i) => (
              <label key={rt} className="choice">
                <input
                  ref={i === 0 ? typeField.ref : undefined}
                  type="radio"
                  name="report-type"
                  value={rt}
                  checked={typeField.value === rt}
                  aria-invalid={typeError ? true : undefined}
                  onChange={() => typeField.onChange(rt)}
                  onBlur={typeField.onBlur}
                />
                <span className="choice__label">{t(`chat.report.types.${rt}`)}</span>
              </label>
            ))}
          </div>
          {typeError ? (
            <p className="field__error" role="alert">
              {t(typeError)}
            </p>
          ) : null}
        </fieldset>
        <div className={`field${detailError ? ' field--error' : ''}`}>
          <label htmlFor={detailId} className="field__label">
            {t('chat.report.detail')}
            <span className="field__req field__req--optional">{t('common.optional')}</span>
          </label>
          <textarea
            id={detailId}
            className="textarea"
            maxLength={DETAIL_MAX}
            aria-invalid={detailError ? true : undefined}
            aria-describedby={`${detailId}-hint${detailError ? ` ${detailId}-error` : ''}`}
            {...form.register('detail')}
          />
          <p id={`${detailId}-hint`} className="field__hint">
            {t('common.charCount', { count: [...detail].length, max: DETAIL_MAX })}
          </p>
          {detailError ? (
            <p id={`${detailId}-error`} className="field__error" role="alert">
              {t(detailError, localizeParams(lang, { max: DETAIL_MAX }))}
            </p>
          ) : null}
        </div>
        {formError ? (
          <p className="alert alert--error" role="alert">
            {t(formError.key, localizeParams(lang, { max: DETAIL_MAX, ...formError.params }))}
          </p>
        ) : null}
        <div className="dialog__actions">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" variant="danger" busy={busy} busyLabel={t('common.actions.sending')}>
            {t('chat.report.submit')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
