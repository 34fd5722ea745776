import { businessConfig } from '@app/shared/config';
import type { ChatroomDetail } from '@app/shared/schemas/chat';
import { hasVisibleText } from '@app/shared/validation';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { formatNumber } from '../../points/format.ts';
import { BuyLink } from '../../store/components/BuyLink.tsx';
import { localizeParams, type Message } from '../../store/messages.ts';
import { acceptAttribute, fileProblem, maxMegabytesOf } from '../files.ts';

const MAX = businessConfig.chat.messageMaxLength;

/** Why the send box cannot send a text right now (null: it can). */
export type SendBlock = 'you_blocked' | 'blocked' | 'locked' | 'short' | null;

export function sendBlockOf(detail: ChatroomDetail): SendBlock {
  if (detail.blocked) return 'you_blocked';
  if (detail.blocked_by_peer) return 'blocked';
  if (detail.chat.pays && detail.chat.locked) return 'locked';
  if (detail.chat.pays && (detail.chat.usable_points ?? 0) < detail.chat.cost) return 'short';
  return null;
}

const blockMessage: Record<Exclude<SendBlock, null>, string> = {
  you_blocked: 'errors.chatYouBlocked',
  blocked: 'errors.chatBlocked',
  locked: 'errors.chatLocked',
  short: 'errors.insufficientChatPoints',
};

interface Props {
  detail: ChatroomDetail;
  sending: boolean;
  error: Message | null;
  /** The last failure may have sent the message: the next try reuses its key. */
  retrySafe: boolean;
  onSend: (text: string) => Promise<boolean>;
  /** Sends a picture or a video (a paid message like a text). */
  onSendFile?: ((file: File) => Promise<boolean>) | undefined;
  onStamps?: (() => void) | undefined;
  onUnblock?: (() => void) | undefined;
}

/**
 * The send box. Fans see what a message costs and what they have before they send ("1 message
 * = N mushrooms", the balance), and why they cannot send when they cannot (locked, blocked, not
 * enough mushrooms, with the way to the store).
 */
export function Composer({
  detail,
  sending,
  error,
  retrySafe,
  onSend,
  onSendFile,
  onStamps,
  onUnblock,
}: Props) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<{ key: string; max: number } | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (file?.type.startsWith('image/') ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const id = useId();
  const block = sendBlockOf(detail);
  const pays = detail.chat.pays;
  const cost = formatNumber(lang, detail.chat.cost);
  const length = [...text].length;
  const tooLong = length > MAX;
  // The server's rule (shared/src/validation.ts): zero-width or blank-only text is no message.
  const empty = !hasVisibleText(text);
  const textDisabled = block === 'you_blocked' || block === 'blocked' || block === 'locked';
  const canSend = !sending && block === null && (file !== null || (!empty && !tooLong));

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!canSend) return;
    if (file && onSendFile) {
      if (await onSendFile(file)) setFile(null);
      return;
    }
    const sent = await onSend(text.trim());
    if (sent) setText('');
    inputRef.current?.focus();
  };

  const pick = (picked: File | undefined) => {
    if (fileRef.current) fileRef.current.value = '';
    if (!picked) return;
    const problem = fileProblem(picked);
    setFileError(
      problem
        ? {
            key: `chat.composer.file${problem === 'type' ? 'Type' : 'Size'}`,
            max: maxMegabytesOf(picked.type),
          }
        : null,
    );
    setFile(problem ? null : picked);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter writes a new line (phones); Ctrl/⌘+Enter sends.
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <form className="composer" onSubmit={submit} aria-label={t('chat.composer.label')}>
      {pays ? (
        <p className="composer__cost" id={`${id}-cost`}>
          <span className="composer__price">
            <MushroomIcon />
            <span data-testid="chat-cost">{t('chat.composer.cost', { cost, count: detail.chat.cost })}</span>
          </span>
          <span className="composer__balance">
            {t('chat.composer.balanceLabel')}{' '}
            <strong data-testid="chat-balance">{formatNumber(lang, detail.chat.usable_points ?? 0)}</strong>
          </span>
          <BuyLink className="composer__buy" label={t('chat.composer.buy')}>
            {t('chat.composer.buyShort')}
          </BuyLink>
        </p>
      ) : (
        <p className="composer__cost composer__cost--free">{t('chat.composer.free')}</p>
      )}
      {pays && detail.chat.reject_free_points && (detail.balance?.leaf ?? 0) > 0 ? (
        <p className="composer__note">{t('chat.composer.noLeaves')}</p>
      ) : null}
      {block ? (
        <div className={`composer__block composer__block--${block}`} role="status">
          <span>{t(blockMessage[block])}</span>
          {block === 'short' ? (
            <BuyLink className="btn btn--primary btn--small">{t('chat.composer.buy')}</BuyLink>
          ) : null}
          {block === 'you_blocked' && onUnblock ? (
            <button type="button" className="btn btn--secondary btn--small" onClick={onUnblock}>
              {t('chat.menu.unblock')}
            </button>
          ) : null}
        </div>
      ) : null}
      {fileError ? (
        <div className="composer__error" role="alert">
          <span>{t(fileError.key, { max: fileError.max })}</span>
        </div>
      ) : null}
      {error ? (
        <div className="composer__error" role="alert">
          <span>{t(error.key, localizeParams(lang, error.params))}</span>
          {error.key === 'errors.insufficientChatPoints' || error.key === 'errors.insufficientPoints' ? (
            <BuyLink className="btn btn--primary btn--small">{t('chat.composer.buy')}</BuyLink>
          ) : null}
          {retrySafe ? <span className="composer__retry">{t('chat.composer.retrySafe')}</span> : null}
        </div>
      ) : null}
      <div className="composer__row">
        {onStamps ? (
          <button
            type="button"
            className="composer__icon"
            onClick={onStamps}
            aria-label={t('chat.stamps.open')}
            title={t('chat.stamps.open')}
            disabled={block === 'you_blocked' || block === 'blocked'}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
              <path
                d="M8.5 14.5a4.5 4.5 0 0 0 7 0M9 9.5h.01M15 9.5h.01"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.4"
                strokeLinecap="round"
              />
            </svg>
          </button>
        ) : null}
        {onSendFile ? (
          <>
            <button
              type="button"
              className="composer__icon"
              onClick={() => fileRef.current?.click()}
              aria-label={t('chat.composer.attach')}
              title={t('chat.composer.attach')}
              disabled={textDisabled || sending}
            >
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <rect
                  x="3"
                  y="5"
                  width="18"
                  height="14"
                  rx="2"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                />
                <circle cx="9" cy="10" r="1.8" fill="currentColor" />
                <path d="M4 17l5-5 4 4 3-3 4 4" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
            </button>
            <input
              ref={fileRef}
              type="file"
              accept={acceptAttribute}
              className="visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(e) => pick(e.target.files?.[0])}
            />
          </>
        ) : null}
        {file ? (
          <div className="composer__file">
            {preview ? (
              <img src={preview} alt="" />
            ) : (
              <span className="composer__file-icon" aria-hidden="true" />
            )}
            <span className="composer__file-name">{t('chat.composer.fileChosen', { name: file.name })}</span>
            <button
              type="button"
              className="composer__file-remove"
              onClick={() => setFile(null)}
              disabled={sending}
              aria-label={t('chat.composer.fileRemove', { name: file.name })}
            >
              ×
            </button>
          </div>
        ) : null}
        <label htmlFor={id} className="visually-hidden">
          {t('chat.composer.label')}
        </label>
        <textarea
          hidden={file !== null}
          ref={inputRef}
          id={id}
          className="composer__input"
          rows={1}
          value={text}
          placeholder={t('chat.composer.placeholder')}
          disabled={textDisabled}
          aria-invalid={tooLong || undefined}
          aria-describedby={[pays ? `${id}-cost` : '', `${id}-count`].filter(Boolean).join(' ')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          className="composer__send"
          disabled={!canSend}
          aria-busy={sending || undefined}
          aria-label={
            pays ? t('chat.composer.sendPaid', { cost, count: detail.chat.cost }) : t('chat.composer.send')
          }
        >
          {sending ? t('chat.composer.sending') : t('chat.composer.send')}
        </button>
      </div>
      <p
        id={`${id}-count`}
        className={`composer__count${tooLong ? ' composer__count--over' : ''}`}
        aria-live={tooLong ? 'polite' : 'off'}
        hidden={length < MAX * 0.8}
      >
        {t('common.charCount', { count: length, max: MAX })}
      </p>
    </form>
  );
}

/** The mushroom mark next to a price. */
function MushroomIcon() {
  return (
    <svg viewBox="0 0 24 24" width="13" height="13" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 3C6.5 3 2 6.6 2 11c0 .8.7 1.5 1.5 1.5h17c.8 0 1.5-.7 1.5-1.5 0-4.4-4.5-8-10-8ZM9 14v4.5a3 3 0 0 0 6 0V14H9Z"
      />
    </svg>
  );
}
