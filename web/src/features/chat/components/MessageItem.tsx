import { businessConfig } from '@app/shared/config';
import type { MessageView } from '@app/shared/schemas/chat';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { formatNumber } from '../../points/format.ts';
import { fileKind } from '../files.ts';
import { stampSrc } from '../stamp-art.ts';
import { formatTime } from '../timeline.ts';

/**
 * The stamp's name in the reader's language: as the server's catalogue gave it with the message,
 * else the bundled catalogue's (the id when unknown).
 */
export function stampName(id: string | null, lang: 'ja' | 'en', stamp?: MessageView['stamp']): string {
  if (stamp) return stamp.name[lang];
  const bundled = businessConfig.chat.stamps.find((s) => s.id === id);
  return bundled ? bundled.name[lang] : (id ?? '');
}

/** The stamp's picture: uploaded in the console, else the one bundled for its id. */
export const stampPictureOf = (m: Pick<MessageView, 'stamp_id' | 'stamp'>) =>
  m.stamp?.picture_url ?? stampSrc(m.stamp_id);

interface Props {
  message: MessageView;
  mine: boolean;
  /** The peer has read up to this message (the "Read" mark). */
  read: boolean;
  onDelete?: (message: MessageView) => void;
  onOpenImage?: (message: MessageView) => void;
}

/** One message: mine on the right, theirs on the left; placeholders once deleted. */
export function MessageItem({ message, mine, read, onDelete, onOpenImage }: Props) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const time = formatTime(lang, message.created_at);
  let body: ReactNode;
  if (message.deleted) {
    body = (
      <p className="msg__deleted">
        {t(message.deleted === 'terms' ? 'chat.room.deletedTerms' : 'chat.room.deletedSender')}
      </p>
    );
  } else if (message.kind === 'stamp') {
    const name = stampName(message.stamp_id, lang, message.stamp);
    body = (
      <button
        type="button"
        className="msg__stamp"
        onClick={() => onOpenImage?.(message)}
        aria-label={t('chat.room.openStamp', { name })}
      >
        <img src={stampPictureOf(message)} alt="" width={96} height={96} />
        <span className="msg__stamp-name">{name}</span>
      </button>
    );
  } else if (message.kind === 'file' && message.file_url && fileKind(message.file) === 'image') {
    body = (
      <button
        type="button"
        className="msg__image"
        onClick={() => onOpenImage?.(message)}
        aria-label={t('chat.room.openImage')}
      >
        <img src={message.file_url} alt="" loading="lazy" />
      </button>
    );
  } else if (message.kind === 'file' && message.file_url && fileKind(message.file) === 'video') {
    body = (
      // biome-ignore lint/a11y/useMediaCaption: fans' and creators' own clips come without captions
      <video className="msg__video" src={message.file_url} controls preload="metadata" playsInline />
    );
  } else if (message.kind === 'file') {
    body = <p className="msg__file">{t('chat.room.fileUnavailable')}</p>;
  } else {
    body = <p className="msg__text">{message.text}</p>;
  }
  const bare =
    !message.deleted && (message.kind === 'stamp' || (message.kind === 'file' && message.file_url));
  const bubble = bare ? 'msg__bubble--stamp' : '';
  return (
    <li className={`msg ${mine ? 'msg--mine' : 'msg--theirs'}`} data-message-id={message.id}>
      <span className="visually-hidden">{mine ? t('chat.room.fromMe') : t('chat.room.fromPeer')}</span>
      <div className={`msg__bubble ${bubble}`}>{body}</div>
      <div className="msg__meta">
        {read ? <span className="msg__read">{t('chat.room.read')}</span> : null}
        {message.broadcast ? <span className="msg__broadcast">{t('chat.room.broadcast')}</span> : null}
        {message.cost > 0 ? (
          <span className="msg__cost">
            {t('chat.room.paid', { points: formatNumber(lang, message.cost), count: message.cost })}
          </span>
        ) : null}
        <time dateTime={message.created_at}>{time}</time>
        {mine && !message.deleted && onDelete ? (
          <button
            type="button"
            className="msg__delete"
            onClick={() => onDelete(message)}
            aria-label={t('chat.room.deleteLabel', { time })}
          >
            {t('chat.room.delete')}
          </button>
        ) : null}
      </div>
    </li>
  );
}
