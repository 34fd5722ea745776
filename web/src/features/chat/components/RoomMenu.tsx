import { businessConfig } from '@app/shared/config';
import { reportTypes } from '@app/shared/schemas/chat';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Button } from '../../../components/SubmitButton.tsx';
import { useModal } from '../../../components/useModal.ts';
import { errorMessage, localizeParams, type Message, validationMessage } from '../../store/messages.ts';
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
  const [type, setType] = useState<(typeof reportTypes)[number] | null>(null);
  const [detail, setDetail] = useState('');
  const [error, setError] = useState<Message | null>(null);
  const [typeError, setTypeError] = useState(false);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (open) {
      setType(null);
      setDetail('');
      setError(null);
      setTypeError(false);
    }
  }, [open]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (type === null) {
      setTypeError(true);
      return;
    }
    setSending(true);
    setError(null);
    try {
      const r = await report({ type, detail: detail.trim(), chatroom_id: chatroomId });
      if (r === null) return;
      if (!r.ok) {
        setError(validationMessage(r, { max: DETAIL_MAX }));
        return;
      }
      onDone();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <dialog
      ref={ref}
      className="dialog sheet"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!sending) onClose();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {t('chat.report.heading', { name })}
      </h2>
      <form className="form" onSubmit={submit} noValidate>
        <fieldset className={`fieldset-plain field${typeError ? ' field--error' : ''}`}>
          <legend className="field__label">
            {t('chat.report.type')}
            <span className="field__req">{t('common.required')}</span>
          </legend>
          <div className="choice-group">
            {reportTypes.map((rt) => (
              <label key={rt} className="choice">
                <input
                  type="radio"
                  name="report-type"
                  value={rt}
                  checked={type === rt}
                  aria-invalid={typeError || undefined}
                  onChange={() => {
                    setType(rt);
                    setTypeError(false);
                  }}
                />
                <span className="choice__label">{t(`chat.report.types.${rt}`)}</span>
              </label>
            ))}
          </div>
          {typeError ? (
            <p className="field__error" role="alert">
              {t('validation.reportType')}
            </p>
          ) : null}
        </fieldset>
        <div className="field">
          <label htmlFor={detailId} className="field__label">
            {t('chat.report.detail')}
            <span className="field__req field__req--optional">{t('common.optional')}</span>
          </label>
          <textarea
            id={detailId}
            className="textarea"
            value={detail}
            maxLength={DETAIL_MAX}
            onChange={(e) => setDetail(e.target.value)}
            aria-describedby={`${detailId}-hint`}
          />
          <p id={`${detailId}-hint`} className="field__hint">
            {t('common.charCount', { count: [...detail].length, max: DETAIL_MAX })}
          </p>
        </div>
        {error ? (
          <p className="alert alert--error" role="alert">
            {t(error.key, localizeParams(lang, error.params))}
          </p>
        ) : null}
        <div className="dialog__actions">
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" variant="danger" busy={sending} busyLabel={t('common.actions.sending')}>
            {t('chat.report.submit')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
