import type { OpenStampResponse } from '@app/shared/schemas/chat';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useModal } from '../../../components/useModal.ts';
import { formatNumber } from '../../points/format.ts';
import { BuyLink } from '../../store/components/BuyLink.tsx';
import { errorMessage, localizeParams, type Message } from '../../store/messages.ts';
import { openStamps } from '../api/openStamps.ts';
import { stampSrc } from '../stamp-art.ts';

interface Props {
  open: boolean;
  /** Points usable in this room (the same rule as messages: leaves unless the creator refuses them). */
  usable: number;
  sending: boolean;
  error: Message | null;
  retrySafe: boolean;
  onSend: (stamp: { id: string; name: string; cost: number }) => void;
  onClose: () => void;
}

/** The stamp picker: each stamp with its name and cost, the balance, and a send button that says what it spends. */
export function StampPicker({ open, usable, sending, error, retrySafe, onSend, onClose }: Props) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const ref = useModal(open);
  const titleId = useId();
  const [catalogue, setCatalogue] = useState<OpenStampResponse | null>(null);
  const [loadError, setLoadError] = useState<Message | null>(null);
  const [selected, setSelected] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoadError(null);
    openStamps()
      .then((r) => {
        if (!live || r === null) return;
        if (r.ok) setCatalogue(r.data);
        else setLoadError({ key: 'errors.validation' });
      })
      .catch((err: unknown) => {
        if (live) setLoadError(errorMessage(err));
      });
    return () => {
      live = false;
    };
  }, [open]);

  const stamp = catalogue?.stamps.find((s) => s.id === selected) ?? null;
  const short = stamp ? stamp.cost > usable : false;

  return (
    <dialog
      ref={ref}
      className="dialog sheet stamps"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!sending) onClose();
      }}
    >
      <div className="sheet__head">
        <h2 id={titleId} className="dialog__title">
          {t('chat.stamps.heading')}
        </h2>
        <button
          type="button"
          className="sheet__close"
          onClick={onClose}
          disabled={sending}
          aria-label={t('common.actions.close')}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <p className="stamps__balance">
        {t('chat.composer.balanceLabel')}{' '}
        <strong data-testid="stamp-balance">{formatNumber(lang, usable)}</strong>
      </p>
      {loadError ? (
        <p className="alert alert--error" role="alert">
          {t(loadError.key, localizeParams(lang, loadError.params))}
        </p>
      ) : null}
      {open && !catalogue && !loadError ? <Spinner /> : null}
      {catalogue ? (
        <fieldset className="stamps__grid">
          <legend className="visually-hidden">{t('chat.stamps.legend')}</legend>
          {catalogue.stamps.map((s) => {
            const tooDear = s.cost > usable;
            return (
              <label
                key={s.id}
                className={`stamps__item${selected === s.id ? ' is-selected' : ''}${tooDear ? ' is-short' : ''}`}
              >
                <input
                  type="radio"
                  name="stamp"
                  value={s.id}
                  className="visually-hidden"
                  checked={selected === s.id}
                  onChange={() => setSelected(s.id)}
                />
                <img src={s.picture_url ?? stampSrc(s.id)} alt="" width={64} height={64} />
                <span className="stamps__name">{s.name}</span>
                <span className="stamps__cost">
                  {t('chat.stamps.cost', { cost: formatNumber(lang, s.cost) })}
                </span>
                {tooDear ? <span className="stamps__short">{t('chat.stamps.short')}</span> : null}
              </label>
            );
          })}
        </fieldset>
      ) : null}
      {error ? (
        <div className="composer__error" role="alert">
          <span>{t(error.key, localizeParams(lang, error.params))}</span>
          {retrySafe ? <span className="composer__retry">{t('chat.composer.retrySafe')}</span> : null}
        </div>
      ) : null}
      <div className="stamps__actions">
        {short ? (
          <>
            <p className="stamps__hint" role="status">
              {t('errors.insufficientPoints')}
            </p>
            <BuyLink className="btn btn--primary btn--block">{t('chat.composer.buy')}</BuyLink>
          </>
        ) : (
          <Button
            className="btn--block"
            disabled={!stamp}
            busy={sending}
            busyLabel={t('chat.composer.sending')}
            onClick={() => stamp && onSend(stamp)}
          >
            {stamp
              ? t('chat.stamps.send', { name: stamp.name, cost: formatNumber(lang, stamp.cost) })
              : t('chat.stamps.choose')}
          </Button>
        )}
      </div>
    </dialog>
  );
}
