import type { ChatroomSummary } from '@app/shared/schemas/chat';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { RequireAuth } from '../../../app/RequireAuth.tsx';
import { Alert } from '../../../components/Alert.tsx';
import { Avatar, peerName } from '../../../components/Avatar.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { LoadMore } from '../../../components/LoadMore.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { pagedItems, queryErrorKey } from '../../../lib/query.ts';
import { profileId, useAuth } from '../../../lib/session.ts';
import { NoticeLink } from '../../notice/components/NoticeLink.tsx';
import { localizeParams } from '../../store/messages.ts';
import { useChatrooms } from '../cache.ts';
import { roomPath } from '../paths.ts';
import { formatListTime } from '../timeline.ts';
import '../chat.css';

function RoomRow({ room, me, now }: { room: ChatroomSummary; me: string | null; now: Date }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const name = peerName(room.peer, t('chat.noName'));
  const last = room.last_message;
  let preview: string;
  if (!last) preview = t('chat.list.noMessages');
  else if (last.deleted) preview = t('chat.list.deleted');
  else if (last.kind === 'stamp') preview = t('chat.list.stamp');
  else if (last.kind === 'file') preview = t('chat.list.file');
  else preview = last.preview ?? '';
  if (last && last.sender_id === me && !last.deleted) preview = t('chat.list.you', { preview });
  const time = formatListTime(lang, room.last_message_at, now, t('chat.list.yesterday'));
  return (
    <li className={`rooms__item${room.unread > 0 ? ' rooms__item--unread' : ''}`}>
      <LangLink to={roomPath(room)} className="rooms__link">
        <Avatar peer={room.peer} />
        <span className="rooms__body">
          <span className="rooms__top">
            <span className="rooms__name">{name}</span>
            <time className="rooms__time" dateTime={room.last_message_at}>
              {time}
            </time>
          </span>
          <span className="rooms__bottom">
            <span className="rooms__preview">{preview}</span>
            {room.muted ? (
              <span className="rooms__flag" title={t('chat.list.muted')}>
                <span className="visually-hidden">{t('chat.list.muted')}</span>
                <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                  <path
                    fill="currentColor"
                    d="M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2Zm6-6V11c0-3-1.6-5.6-4.5-6.3V4a1.5 1.5 0 0 0-3 0v.7c-.6.1-1.1.4-1.6.7L18 16ZM3.3 2.3 2 3.6l4.2 4.2A6.8 6.8 0 0 0 6 11v5l-2 2v1h14.4l2 2 1.3-1.3Z"
                  />
                </svg>
              </span>
            ) : null}
            {room.blocked ? <span className="rooms__tag">{t('chat.list.blocked')}</span> : null}
            {room.unread > 0 ? (
              <span className="rooms__unread">
                <span aria-hidden="true">{room.unread > 99 ? '99+' : room.unread}</span>
                <span className="visually-hidden">{t('chat.list.unread', { count: room.unread })}</span>
              </span>
            ) : null}
          </span>
        </span>
      </LangLink>
    </li>
  );
}

function ChatroomList() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const auth = useAuth();
  const me = profileId();
  const query = useChatrooms();
  const rooms = pagedItems(query.data, (p) => p.chatrooms);
  const error = queryErrorKey(query.error);
  // Times are relative to when the list last changed ("yesterday").
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new clock reading per list change
  const now = useMemo(() => new Date(), [query.dataUpdatedAt]);

  return (
    <section className="page rooms" aria-labelledby="rooms-heading">
      <h1 id="rooms-heading" className="page__title">
        {t('chat.list.heading')}
      </h1>
      <NoticeLink />
      <Alert kind="error">{error ? t(error.key, localizeParams(lang, error.params)) : null}</Alert>
      {rooms === null ? (
        error ? null : (
          <Spinner />
        )
      ) : rooms.length === 0 ? (
        <div className="empty">
          <p>{t('chat.list.empty')}</p>
          <p className="muted small">
            {t(auth.profile?.role_id === 2 ? 'chat.list.emptyCreator' : 'chat.list.emptyFan')}
          </p>
        </div>
      ) : (
        <>
          <ul className="rooms__list" aria-label={t('chat.list.label')}>
            {rooms.map((room) => (
              <RoomRow key={room.id} room={room} me={me} now={now} />
            ))}
          </ul>
          <LoadMore
            query={query}
            className="rooms__more"
            label={t('chat.list.more')}
            busyLabel={t('chat.list.loadingMore')}
          />
        </>
      )}
    </section>
  );
}

/** /chatroom: my chatrooms, last message first, with unread counts, updated live. */
export default function ChatroomListPage() {
  return (
    <RequireAuth>
      <ChatroomList />
    </RequireAuth>
  );
}
