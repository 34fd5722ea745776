import type { NoticeKind, NoticeView } from '@app/shared/schemas/notice';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { RequireAuth } from '../../../app/RequireAuth.tsx';
import { Alert } from '../../../components/Alert.tsx';
import { LoadMore } from '../../../components/LoadMore.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { pagedItems, queryErrorKey } from '../../../lib/query.ts';
import { formatDateTime } from '../../points/format.ts';
import { errorMessage, localizeParams, type Message } from '../../store/messages.ts';
import { readNotices } from '../api/readNotices.ts';
import { markNoticesRead, useNotices } from '../cache.ts';
import '../notice.css';

/**
 * Where a notice leads: a chat notice to its room; 'liked' to the liker's profile when a creator
 * liked (`username`), else to "liked you" (a fan has no public profile); kinds whose screens are
 * not built lead nowhere yet.
 */
export function noticeTarget(notice: NoticeView): string | null {
  const room = notice.params.chatroom_id;
  if (typeof room === 'string' && room && notice.kind.match(/^(chat|stamp)_/)) {
    return `/chatroom/${encodeURIComponent(room)}`;
  }
  // Shop (issue 13, library): a return gift opens its purchase; granted points the point history.
  const line = notice.params.line_id;
  if (notice.kind === 'return_gift_received' && typeof line === 'string' && line) {
    return `/library/${encodeURIComponent(line)}`;
  }
  if (notice.kind === 'original_point_received' || notice.kind === 'leaves_granted') return '/mypage/points';
  if (notice.kind === 'purchase') {
    // The buyer's notice opens the library entry; the creator's, the sales status.
    const line = notice.params.line_id;
    if (notice.params.side === 'buyer') {
      return typeof line === 'string' && line ? `/library/${encodeURIComponent(line)}` : '/library';
    }
    return '/home/shop/sales-status';
  }
  // Fan club (issue 14): a failed renewal leads to the store; the others to /home/fanclub (the fan's
  // memberships, or the creator's fan club).
  if (notice.kind === 'fanclub_renewal_failed') return '/store';
  if (notice.kind.startsWith('fanclub_')) return '/home/fanclub';
  if (notice.kind === 'liked') {
    const username = notice.params.username;
    return typeof username === 'string' && username ? `/@${encodeURIComponent(username)}` : '/home/liked/you';
  }
  return null;
}

const icons: Record<'chat' | 'stamp' | 'heart' | 'person' | 'bag' | 'warning' | 'coin' | 'gift', string> = {
  chat: 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Z',
  stamp: 'M12 2l3 6.5 7 .8-5.2 4.8 1.4 7L12 17.6 5.8 21.1l1.4-7L2 9.3l7-.8z',
  heart:
    'M12 21C5 15.5 2 12.3 2 8.5A4.5 4.5 0 0 1 6.5 4c2.1 0 3.6 1 5.5 3 1.9-2 3.4-3 5.5-3A4.5 4.5 0 0 1 22 8.5c0 3.8-3 7-10 12.5Z',
  person: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-8 9a8 8 0 0 1 16 0Z',
  bag: 'M6 7h12l1 14H5L6 7Zm3 0a3 3 0 0 1 6 0',
  warning: 'M12 3 2 21h20L12 3Zm0 6v6m0 3v.5',
  coin: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 4v10m-3-7h6',
  gift: 'M3 9h18v4H3zM5 13h14v8H5zM12 9v12M12 9c-2-4-6-4-6-1s6 1 6 1 6 2 6-1-4-3-6 1',
};

const iconOf: Record<NoticeKind, keyof typeof icons> = {
  chat_earning: 'chat',
  chat_spend: 'chat',
  stamp_earning: 'stamp',
  stamp_spend: 'stamp',
  liked: 'heart',
  invitation_registration: 'person',
  purchase: 'bag',
  profile_image_deleted: 'warning',
  background_image_deleted: 'warning',
  thumbnail_deleted: 'warning',
  sample_file_deleted: 'warning',
  original_point_received: 'coin',
  return_gift_received: 'gift',
  fanclub_joined: 'person',
  fanclub_member_joined: 'person',
  fanclub_renewed: 'coin',
  fanclub_member_renewed: 'coin',
  fanclub_renewal_failed: 'warning',
  fanclub_member_renewal_failed: 'warning',
  fanclub_ended: 'person',
  fanclub_member_ended: 'person',
  fanclub_pass_bought: 'bag',
  fanclub_pass_sold: 'bag',
  leaves_granted: 'coin',
  account_warning: 'warning',
};

const filled = new Set(['chat', 'stamp', 'heart', 'person']);

function NoticeRow({ notice, onOpen }: { notice: NoticeView; onOpen: (n: NoticeView) => void }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const icon = iconOf[notice.kind];
  const target = noticeTarget(notice);
  const body = (
    <>
      <span className={`notices__icon notices__icon--${icon}`} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d={icons[icon]}
            fill={filled.has(icon) ? 'currentColor' : 'none'}
            stroke={filled.has(icon) ? 'none' : 'currentColor'}
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </span>
      <span className="notices__body">
        <span className="notices__text">
          {!notice.read ? <span className="visually-hidden">{t('notice.unread')}: </span> : null}
          {t(`notices.kinds.${notice.kind}`, {
            ...localizeParams(lang, notice.params),
            // Picks the singular or plural message where a kind has both.
            count: Number(notice.params?.points ?? notice.params?.stamp_point ?? 0),
            // A kind's variant for one side (the buyer's 'purchase'): `<kind>_<side>`.
            ...(typeof notice.params?.side === 'string' ? { context: notice.params.side } : {}),
          })}
        </span>
        <time className="notices__time" dateTime={notice.created_at}>
          {formatDateTime(lang, notice.created_at)}
        </time>
      </span>
      {!notice.read ? <span className="notices__dot" aria-hidden="true" /> : null}
    </>
  );
  return (
    <li className={`notices__item${notice.read ? '' : ' notices__item--unread'}`}>
      {target || !notice.read ? (
        <button type="button" className="notices__link" onClick={() => onOpen(notice)}>
          {body}
        </button>
      ) : (
        <div className="notices__link">{body}</div>
      )}
    </li>
  );
}

function Notices() {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useNotices();
  const notices = pagedItems(query.data, (p) => p.notices);
  const unread = query.data?.pages[0]?.unread ?? 0;
  const [actionError, setActionError] = useState<Message | null>(null);
  const [markingAll, setMarkingAll] = useState(false);
  const [done, setDone] = useState(false);
  const error: Message | null = actionError ?? queryErrorKey(query.error);

  const markRead = (notice: NoticeView) => {
    if (notice.read) return;
    markNoticesRead(queryClient, Math.max(0, unread - 1), notice.id);
    readNotices(notice.id)
      .then((r) => {
        if (r?.ok) markNoticesRead(queryClient, r.data.unread, notice.id);
      })
      .catch(() => {
        // Shown as read here; the next load tells the truth.
      });
  };

  const open = (notice: NoticeView) => {
    markRead(notice);
    const target = noticeTarget(notice);
    if (target) navigate(to(target));
  };

  const markAll = async () => {
    setMarkingAll(true);
    setActionError(null);
    try {
      const r = await readNotices();
      if (r?.ok) {
        markNoticesRead(queryClient, r.data.unread);
        setDone(true);
      }
    } catch (err) {
      setActionError(errorMessage(err));
    } finally {
      setMarkingAll(false);
    }
  };

  return (
    <section className="page notices" aria-labelledby="notices-heading">
      <div className="notices__head">
        <h1 id="notices-heading" className="page__title">
          {t('notices.title')}
        </h1>
        {unread > 0 ? (
          <span className="notices__count" data-testid="notice-unread">
            {t('notice.unreadCount', { count: unread })}
          </span>
        ) : null}
      </div>
      <Alert kind="error">{error ? t(error.key, localizeParams(lang, error.params)) : null}</Alert>
      {done ? <Alert kind="success">{t('notice.allRead')}</Alert> : null}
      {unread > 0 ? (
        <div className="notices__actions">
          <Button variant="secondary" onClick={markAll} busy={markingAll} busyLabel={t('notice.marking')}>
            {t('notices.readAll')}
          </Button>
        </div>
      ) : null}
      {notices === null ? (
        error ? null : (
          <Spinner />
        )
      ) : notices.length === 0 ? (
        <p className="notices__empty">{t('notices.empty')}</p>
      ) : (
        <>
          <ul className="notices__list" aria-label={t('notice.listLabel')}>
            {notices.map((n) => (
              <NoticeRow key={n.id} notice={n} onOpen={open} />
            ))}
          </ul>
          <LoadMore
            query={query}
            className="notices__more"
            label={t('notice.more')}
            busyLabel={t('notice.loadingMore')}
          />
        </>
      )}
    </section>
  );
}

/** /notice: my notices (chat and stamp earnings or spending, and the later kinds), unread first marked. */
export default function NoticePage() {
  return (
    <RequireAuth>
      <Notices />
    </RequireAuth>
  );
}
