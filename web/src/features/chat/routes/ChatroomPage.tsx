import { businessConfig } from '@app/shared/config';
import { ROLE } from '@app/shared/roles';
import type { ChatFileType, ChatroomDetail, MessageView } from '@app/shared/schemas/chat';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { RequireAuth } from '../../../app/RequireAuth.tsx';
import { Alert } from '../../../components/Alert.tsx';
import { Avatar, peerName } from '../../../components/Avatar.tsx';
import { BackIcon } from '../../../components/BackIcon.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ImageViewer, type ViewerImage } from '../../../components/ImageViewer.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { queryErrorKey, SessionEnded, unwrap, ValidationFailed } from '../../../lib/query.ts';
import { realtime } from '../../../lib/realtime.ts';
import { profileId, useAuth } from '../../../lib/session.ts';
import { GrantPointsButton } from '../../library/components/GrantPointsDialog.tsx';
import { pointsMoved } from '../../points/cache.ts';
import { errorMessage, localizeParams, type Message, validationMessage } from '../../store/messages.ts';
import { mayHaveCharged, newIdempotencyKey } from '../../store/purchase-key.ts';
import { setBlocked } from '../api/block.ts';
import { deleteMessage } from '../api/deleteMessage.ts';
import { getChatroom } from '../api/getChatroom.ts';
import { getUploadUrl } from '../api/getUploadUrl.ts';
import { setMuted } from '../api/mute.ts';
import { readChatroom } from '../api/readChatroom.ts';
import { sendMessage } from '../api/sendMessage.ts';
import { chatKeys, historyMessages, historyQuery, patchRoom, setRoomRead, writeHistory } from '../cache.ts';
import { Composer } from '../components/Composer.tsx';
import { MessageItem, stampName, stampPictureOf } from '../components/MessageItem.tsx';
import { ReportDialog, RoomMenu } from '../components/RoomMenu.tsx';
import { StampPicker } from '../components/StampPicker.tsx';
import { fileIdentity, fileKind, UploadError, uploadFile } from '../files.ts';
import { formatDay, formatTime, lastReadByPeer, withDays } from '../timeline.ts';
import '../chat.css';

/** Near the bottom: new messages scroll into view; further up, a "new messages" button appears. */
const STICKY_PX = 120;
const READ_DELAY_MS = 400;

const nearBottom = (el: HTMLElement | null) =>
  !el || el.scrollHeight - el.scrollTop - el.clientHeight < STICKY_PX;

type Scroll = { to: 'bottom' } | { to: 'keep'; height: number; top: number } | null;

interface Pending {
  what: string;
  uuid: string;
  /** A file's uploaded key: a retry sends it again instead of uploading twice. */
  key?: string;
}

function Room({ detail, roomKey }: { detail: ChatroomDetail; roomKey: readonly unknown[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { lang } = useLang();
  const me = profileId() ?? '';
  const auth = useAuth();
  /** The room as the cache holds it: changes made here are written there (the list follows). */
  const setDetail = useCallback(
    (f: (d: ChatroomDetail) => ChatroomDetail) =>
      queryClient.setQueryData<ChatroomDetail>(roomKey, (d) => (d ? f(d) : d)),
    [queryClient, roomKey],
  );
  const room = detail.id;
  /** False until the first message creates the room: no history to read, nothing to mark read. */
  const exists = detail.exists;
  const existsRef = useRef(exists);
  existsRef.current = exists;
  /** The history in the query cache: pushes, sends and deletions are written there. */
  const history = useInfiniteQuery({ ...historyQuery(room), enabled: exists });
  const messages = useMemo(() => historyMessages(history.data), [history.data]);
  const loaded = history.data !== undefined;
  const historyError = queryErrorKey(history.error);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<Message | null>(null);
  const [retrySafe, setRetrySafe] = useState(false);
  const [stampsOpen, setStampsOpen] = useState(false);
  const [stampError, setStampError] = useState<Message | null>(null);
  const [stampRetrySafe, setStampRetrySafe] = useState(false);
  const [stampSending, setStampSending] = useState(false);
  const [toDelete, setToDelete] = useState<MessageView | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuBusy, setMenuBusy] = useState(false);
  const [blockAsk, setBlockAsk] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<Message | null>(null);
  const [newBelow, setNewBelow] = useState(false);
  /** The photo shown (of the room's photos), or a stamp shown alone. */
  const [viewer, setViewer] = useState<{ index: number; stamp?: ViewerImage } | null>(null);
  const logRef = useRef<HTMLDivElement>(null);
  /** Where the list goes after its next change; the first page goes to the bottom. */
  const scroll = useRef<Scroll>({ to: 'bottom' });
  const pendingText = useRef<Pending | null>(null);
  const pendingStamp = useRef<Pending | null>(null);
  const pendingFile = useRef<Pending | null>(null);
  const readTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const unreadWhileHidden = useRef(false);
  const wasConnected = useRef(false);
  const name = peerName(detail.peer, t('chat.noName'));
  const isFanSide = detail.chat.pays;

  // A success message goes away by itself.
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 5000);
    return () => clearTimeout(timer);
  }, [notice]);

  // After each change of the list: to the bottom, or where the reader was before older messages came.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the messages change
  useLayoutEffect(() => {
    if (!loaded) return;
    const el = logRef.current;
    const want = scroll.current;
    scroll.current = null;
    if (!el || !want) return;
    if (want.to === 'bottom') {
      el.scrollTop = el.scrollHeight;
      setNewBelow(false);
    } else {
      el.scrollTop = want.top + (el.scrollHeight - want.height);
    }
  }, [messages, loaded]);

  /** Re-reads the room (price, lock, blocks, usable points). */
  const refreshDetail = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: roomKey });
  }, [queryClient, roomKey]);

  const markRead = useCallback(() => {
    if (readTimer.current) clearTimeout(readTimer.current);
    readTimer.current = setTimeout(() => {
      readTimer.current = null;
      if (document.visibilityState === 'hidden') {
        unreadWhileHidden.current = true;
        return;
      }
      readChatroom(room, me || null)
        .then((r) => {
          if (r?.ok) setRoomRead(queryClient, room, r.data.unread_total);
        })
        .catch(() => {
          // The badge catches up on the next read or push.
        });
    }, READ_DELAY_MS);
  }, [room, me, queryClient]);

  useEffect(
    () => () => {
      if (readTimer.current) clearTimeout(readTimer.current);
    },
    [],
  );

  // Back to the tab with messages read meanwhile by nobody: read them now.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && unreadWhileHidden.current) {
        unreadWhileHidden.current = false;
        markRead();
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [markRead]);

  // The history on screen (read now, or kept in the cache from an earlier visit): the realtime
  // client catches up from its newest message after a reconnect, and the room is read.
  const newestId = messages.at(-1)?.id;
  const newestRef = useRef(newestId);
  newestRef.current = newestId;
  useEffect(() => {
    if (!loaded) return;
    if (newestRef.current) realtime.seen(room, newestRef.current);
    markRead();
  }, [loaded, room, markRead]);

  /** New messages in the list: it follows them when the reader is at the bottom, else says so. */
  const follow = useCallback((forceBottom: boolean) => {
    const stick = forceBottom || nearBottom(logRef.current);
    scroll.current = stick ? { to: 'bottom' } : null;
    if (!stick) setNewBelow(true);
  }, []);

  const add = (incoming: MessageView[], forceBottom = false) => {
    if (incoming.length === 0) return;
    follow(forceBottom);
    writeHistory(queryClient, room, incoming);
  };

  // Live: pushes of this room (and the catch-up after a reconnect). `features/chat/cache.ts`
  // writes them into the history; here the list follows them and the room is read.
  useEffect(
    () =>
      realtime.subscribe((event) => {
        if (event.type === 'message' && event.message.chatroom_id === room) {
          // The peer's first message created the room meanwhile: read it (its history follows).
          if (!existsRef.current) refreshDetail();
          follow(event.message.sender_id === me && !event.catchUp);
          if (event.message.sender_id !== me) markRead();
        } else if (event.type === 'status') {
          if (event.connected) wasConnected.current = true;
        } else if (event.type === 'synced') {
          // Prices, locks and blocks may have changed while away.
          refreshDetail();
        }
      }),
    [room, me, follow, markRead, refreshDetail],
  );

  const loadOlder = () => {
    if (!history.hasNextPage || history.isFetchingNextPage) return;
    const el = logRef.current;
    scroll.current = el ? { to: 'keep', height: el.scrollHeight, top: el.scrollTop } : null;
    void history.fetchNextPage();
  };

  /** What a refusal tells about the room: it changes what the send box offers. */
  const learnFrom = (err: unknown) => {
    if (!(err instanceof ApiError)) return;
    if (err.code === 'chat_locked') setDetail((d) => ({ ...d, chat: { ...d.chat, locked: true } }));
    if (err.code === 'chat_blocked') setDetail((d) => ({ ...d, blocked_by_peer: true }));
    if (err.code === 'chat_you_blocked') setDetail((d) => ({ ...d, blocked: true }));
    if (err.code === 'insufficient_chat_points' || err.code === 'insufficient_points') {
      refreshDetail();
    }
  };

  const spent = (points: number) =>
    setDetail((d) =>
      d.chat.usable_points === null
        ? d
        : { ...d, chat: { ...d.chat, usable_points: Math.max(0, d.chat.usable_points - points) } },
    );

  const send = async (
    body: { text: string } | { stamp_id: string } | ((p: Pending) => Promise<{ file: string } | null>),
    pending: RefObject<Pending | null>,
    what: string,
    onError: (m: Message | null, retry: boolean) => void,
  ): Promise<boolean> => {
    // One key per message: a retry of the same text (or stamp, or file) after an unknown outcome reuses it.
    if (pending.current?.what !== what) pending.current = { what, uuid: newIdempotencyKey() };
    const current = pending.current;
    const { uuid } = current;
    onError(null, false);
    try {
      const content = typeof body === 'function' ? await body(current) : body;
      if (content === null) return false;
      const r = await sendMessage({ chatroom_id: room, uuid, ...content });
      if (r === null) return false;
      if (!r.ok) {
        pending.current = null;
        onError(validationMessage(r, { max: businessConfig.chat.messageMaxLength }), false);
        return false;
      }
      pending.current = null;
      if (r.data.points > 0) {
        // At once on screen, then the server's figure (the spend order may have used leaves).
        if (!r.data.replayed) spent(r.data.points);
        // This room and every other balance shown anywhere.
        void pointsMoved(queryClient);
      }
      add([r.data.message], true);
      // The first message created the room: its history is read from now on (with this message).
      if (!existsRef.current) {
        setDetail((d) => ({ ...d, exists: true }));
        refreshDetail();
        void queryClient.invalidateQueries({ queryKey: chatKeys.rooms });
      }
      realtime.seen(room, r.data.message.id);
      // The server pushes a new message to our own sockets too: its absence means a deaf socket.
      if (!r.data.replayed) realtime.expectDelivery(r.data.message.id);
      return true;
    } catch (err) {
      if (err instanceof UploadError) {
        // Nothing was sent, nothing paid: the next try uploads again.
        onError({ key: 'chat.composer.uploadFailed' }, false);
        return false;
      }
      // An upload still being scanned (AWS) is sent again as it is, not uploaded again.
      const scanning = err instanceof ApiError && err.code === 'media_scanning';
      const retry = mayHaveCharged(err) || scanning;
      if (!retry) pending.current = null;
      learnFrom(err);
      onError(errorMessage(err, 'errors.sendFailed'), retry);
      return false;
    }
  };

  const sendText = async (text: string) => {
    setSending(true);
    try {
      return await send({ text }, pendingText, text, (m, retry) => {
        setSendError(m);
        setRetrySafe(retry);
      });
    } finally {
      setSending(false);
    }
  };

  const sendFile = async (file: File) => {
    setSending(true);
    try {
      return await send(
        async (p) => {
          if (!p.key) {
            const target = await getUploadUrl(room, file.type as ChatFileType);
            if (target === null) return null;
            if (!target.ok) throw new UploadError(422);
            await uploadFile(target.data, file);
            p.key = target.data.key;
          }
          return { file: p.key };
        },
        pendingFile,
        fileIdentity(file),
        (m, retry) => {
          setSendError(m);
          setRetrySafe(retry);
        },
      );
    } finally {
      setSending(false);
    }
  };

  const sendStamp = async (stamp: { id: string; name: string; cost: number }) => {
    setStampSending(true);
    try {
      const ok = await send({ stamp_id: stamp.id }, pendingStamp, stamp.id, (m, retry) => {
        setStampError(m);
        setStampRetrySafe(retry);
      });
      if (ok) {
        setStampsOpen(false);
        setNotice('chat.stamps.sent');
      }
    } finally {
      setStampSending(false);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    setActionError(null);
    try {
      const r = await deleteMessage(room, toDelete.id);
      if (r?.ok) {
        writeHistory(queryClient, room, [r.data.message]);
        setNotice('chat.room.deleted');
      }
      setToDelete(null);
    } catch (err) {
      setActionError(errorMessage(err));
      setToDelete(null);
    } finally {
      setDeleting(false);
    }
  };

  const toggleMute = async () => {
    setMenuBusy(true);
    setActionError(null);
    try {
      const r = await setMuted(room, !detail.muted);
      if (r?.ok) {
        patchRoom(queryClient, room, { muted: r.data.muted });
        setNotice(r.data.muted ? 'chat.menu.muted' : 'chat.menu.unmuted');
      }
      setMenuOpen(false);
    } catch (err) {
      setActionError(errorMessage(err));
      setMenuOpen(false);
    } finally {
      setMenuBusy(false);
    }
  };

  const changeBlock = async (blocked: boolean) => {
    setMenuBusy(true);
    setActionError(null);
    try {
      // Before the first message there is no room yet: the block is of the peer's profile.
      const r = await setBlocked(exists ? { chatroom_id: room } : { profile_id: detail.peer.id }, blocked);
      if (r?.ok) {
        if (exists) patchRoom(queryClient, room, { blocked: r.data.blocked });
        else setDetail((d) => ({ ...d, blocked: r.data.blocked }));
        setNotice(r.data.blocked ? 'chat.menu.blocked' : 'chat.menu.unblocked');
      }
    } catch (err) {
      setActionError(errorMessage(err));
    } finally {
      setMenuBusy(false);
      setBlockAsk(false);
      setMenuOpen(false);
    }
  };

  /** The room's photos in order: the viewer goes through them (a stamp is shown alone, uncounted). */
  const images = useMemo(() => {
    const list: { id: string; image: ViewerImage }[] = [];
    for (const m of messages) {
      if (m.deleted) continue;
      if (m.kind === 'file' && m.file_url && fileKind(m.file) === 'image') {
        list.push({
          id: m.id,
          image: { src: m.file_url, title: t('chat.room.photo', { time: formatTime(lang, m.created_at) }) },
        });
      }
    }
    return list;
  }, [messages, lang, t]);

  const openImage = (m: MessageView) => {
    if (m.kind === 'stamp') {
      const stamp = stampName(m.stamp_id, lang, m.stamp);
      setViewer({ index: 0, stamp: { src: stampPictureOf(m), title: stamp, alt: stamp } });
      return;
    }
    const index = images.findIndex((i) => i.id === m.id);
    if (index >= 0) setViewer({ index });
  };

  const readMark = lastReadByPeer(messages, me, detail.peer_read_at);
  const items = withDays(messages);
  const canDelete = auth.profile !== null;
  const connected = auth.websocket_connected;

  return (
    <div className="chat-room">
      <div className="chat-room__bar">
        <LangLink to="/chatroom" className="chat-room__back" aria-label={t('chat.room.back')}>
          <BackIcon />
        </LangLink>
        <Avatar peer={detail.peer} size={36} />
        <h1 className="chat-room__name">{name}</h1>
        {detail.muted ? (
          <span className="chat-room__flag">
            <span className="visually-hidden">{t('chat.list.muted')}</span>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2Zm6-6V11c0-3-1.6-5.6-4.5-6.3V4a1.5 1.5 0 0 0-3 0v.7c-.6.1-1.1.4-1.6.7L18 16ZM3.3 2.3 2 3.6l4.2 4.2A6.8 6.8 0 0 0 6 11v5l-2 2v1h14.4l2 2 1.3-1.3Z"
              />
            </svg>
          </span>
        ) : null}
        {exists ? (
          <button
            type="button"
            className="chat-room__menu"
            aria-label={t('chat.menu.open')}
            aria-haspopup="dialog"
            onClick={() => setMenuOpen(true)}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <circle cx="12" cy="5" r="2" fill="currentColor" />
              <circle cx="12" cy="12" r="2" fill="currentColor" />
              <circle cx="12" cy="19" r="2" fill="currentColor" />
            </svg>
          </button>
        ) : null}
      </div>
      {/* Shop (issue 13): the creator gives this fan original points. */}
      {exists && !isFanSide && auth.profile?.role_id === ROLE.CREATOR ? (
        <div className="chat-room__grant">
          <GrantPointsButton fanId={detail.peer.id} fanName={name} />
        </div>
      ) : null}
      {wasConnected.current && !connected ? (
        <p className="chat-room__offline" role="status">
          {t('chat.room.reconnecting')}
        </p>
      ) : null}
      {notice ? (
        <div className="chat-room__notice">
          <Alert kind="success">
            <span>{t(notice)}</span>
            <button
              type="button"
              className="chat-room__dismiss"
              onClick={() => setNotice(null)}
              aria-label={t('common.actions.close')}
            >
              ×
            </button>
          </Alert>
        </div>
      ) : null}
      {actionError ? (
        <div className="chat-room__notice">
          <Alert kind="error">{t(actionError.key, localizeParams(lang, actionError.params))}</Alert>
        </div>
      ) : null}
      <div
        ref={logRef}
        className="chat-room__log"
        role="log"
        aria-label={t('chat.room.log', { name })}
        onScroll={() => {
          if (newBelow && nearBottom(logRef.current)) setNewBelow(false);
        }}
      >
        {history.hasNextPage ? (
          <div className="chat-room__older">
            <Button
              variant="secondary"
              onClick={loadOlder}
              busy={history.isFetchingNextPage}
              busyLabel={t('chat.room.loadingEarlier')}
            >
              {t('chat.room.earlier')}
            </Button>
          </div>
        ) : null}
        {historyError ? (
          <Alert kind="error">{t(historyError.key, localizeParams(lang, historyError.params))}</Alert>
        ) : null}
        {exists && !loaded && !historyError ? <Spinner /> : null}
        {!exists || (loaded && messages.length === 0) ? (
          <p className="chat-room__start">
            {t(isFanSide ? 'chat.room.startFan' : 'chat.room.startCreator', { name })}
          </p>
        ) : null}
        <ol className="chat-room__messages">
          {items.map((item) =>
            item.type === 'day' ? (
              <li key={item.key} className="chat-room__day" aria-hidden="false">
                <span>{formatDay(lang, item.iso)}</span>
              </li>
            ) : (
              <MessageItem
                key={item.key}
                message={item.message}
                mine={item.message.sender_id === me}
                read={item.message.id === readMark}
                onDelete={canDelete ? setToDelete : undefined}
                onOpenImage={openImage}
              />
            ),
          )}
        </ol>
      </div>
      {newBelow ? (
        <button
          type="button"
          className="chat-room__new"
          onClick={() => {
            const el = logRef.current;
            if (el) el.scrollTop = el.scrollHeight;
            setNewBelow(false);
          }}
        >
          {t('chat.room.newMessages')}
        </button>
      ) : null}
      <Composer
        detail={detail}
        sending={sending}
        error={sendError}
        retrySafe={retrySafe}
        onSend={sendText}
        onSendFile={sendFile}
        onStamps={
          isFanSide && auth.profile?.role_id !== ROLE.CREATOR
            ? () => {
                setStampError(null);
                setStampsOpen(true);
              }
            : undefined
        }
        onUnblock={() => void changeBlock(false)}
      />
      <StampPicker
        open={stampsOpen}
        usable={detail.chat.usable_points ?? 0}
        sending={stampSending}
        error={stampError}
        retrySafe={stampRetrySafe}
        onSend={(s) => void sendStamp(s)}
        onClose={() => setStampsOpen(false)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('chat.room.deleteTitle')}
        confirmLabel={t('chat.room.deleteConfirm')}
        busy={deleting}
        busyLabel={t('chat.room.deleting')}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        <p>{t(toDelete && toDelete.cost > 0 ? 'chat.room.deleteBodyPaid' : 'chat.room.deleteBody')}</p>
      </ConfirmDialog>
      <RoomMenu
        open={menuOpen && !blockAsk && !reportOpen}
        muted={detail.muted}
        blocked={detail.blocked}
        reported={detail.reported}
        busy={menuBusy}
        onMute={() => void toggleMute()}
        onBlock={() => (detail.blocked ? void changeBlock(false) : setBlockAsk(true))}
        onReport={() => setReportOpen(true)}
        onClose={() => setMenuOpen(false)}
      />
      <ConfirmDialog
        open={blockAsk}
        title={t('chat.menu.blockTitle', { name })}
        confirmLabel={t('chat.menu.blockConfirm')}
        busy={menuBusy}
        busyLabel={t('chat.menu.working')}
        onConfirm={() => void changeBlock(true)}
        onCancel={() => setBlockAsk(false)}
      >
        <p>{t('chat.menu.blockBody')}</p>
      </ConfirmDialog>
      <ReportDialog
        open={reportOpen}
        chatroomId={room}
        name={name}
        onDone={() => {
          setReportOpen(false);
          setMenuOpen(false);
          patchRoom(queryClient, room, { reported: true });
          setNotice('chat.report.done');
        }}
        onClose={() => setReportOpen(false)}
      />
      <ImageViewer
        images={viewer?.stamp ? [viewer.stamp] : images.map((i) => i.image)}
        visible={viewer !== null}
        index={viewer?.index ?? 0}
        onClose={() => setViewer(null)}
        onIndexChange={(index) => setViewer({ index })}
      />
    </div>
  );
}

function ChatroomScreen() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const { username = '' } = useParams();
  const roomKey = useMemo(() => chatKeys.room(username), [username]);
  const query = useQuery({
    queryKey: roomKey,
    queryFn: async () => {
      // By id or by username: a room not created yet answers `exists: false` (the peer and the
      // price, nothing written); the first message creates it.
      const r = await getChatroom(username);
      if (r !== null && !r.ok) throw new ValidationFailed({ code: 'validation', message: 'not found' });
      return unwrap(r);
    },
    // Pushes and this screen's own changes keep it current; a resync reads it again.
    staleTime: 0,
  });
  const detail = query.data ?? null;
  const error: Message | null =
    query.error instanceof ValidationFailed
      ? { key: 'errors.chatroomNotFound' }
      : query.error && !(query.error instanceof SessionEnded)
        ? errorMessage(query.error, 'errors.chatroomOpenFailed')
        : null;

  if (error) {
    return (
      <section className="page chat-room__error" aria-labelledby="room-error">
        <h1 id="room-error" className="page__title">
          {t('common.titles.chatroom')}
        </h1>
        <Alert kind="error">{t(error.key, localizeParams(lang, error.params))}</Alert>
        <LangLink to="/chatroom" className="btn btn--secondary btn--block">
          {t('chat.room.toList')}
        </LangLink>
      </section>
    );
  }
  if (!detail) return <Spinner />;
  return <Room key={detail.id} detail={detail} roomKey={roomKey} />;
}

/** /chatroom/{username}: the room with a creator (or a fan), without the site header. */
export default function ChatroomPage() {
  return (
    <RequireAuth>
      <ChatroomScreen />
    </RequireAuth>
  );
}
