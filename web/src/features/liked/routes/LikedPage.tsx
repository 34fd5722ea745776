import { ROLE } from '@app/shared/roles';
import type { LikedEntry } from '@app/shared/schemas/social';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { RequireAuth } from '../../../app/RequireAuth.tsx';
import { Alert } from '../../../components/Alert.tsx';
import { Avatar } from '../../../components/Avatar.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { LoadMore } from '../../../components/LoadMore.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { pagedItems, queryErrorKey } from '../../../lib/query.ts';
import { profileId, useAuth } from '../../../lib/session.ts';
import { formatDate } from '../../points/format.ts';
import { like } from '../../profile/api/social.ts';
import { profilePath } from '../../profile/paths.ts';
import { errorMessage, localizeParams, type Message } from '../../store/messages.ts';
import { type LikeList, markLikedBack, useLikes } from '../cache.ts';
import '../liked.css';

function Row({
  entry,
  canLikeBack,
  onLikeBack,
  busy,
}: {
  entry: LikedEntry;
  canLikeBack: boolean;
  onLikeBack: (e: LikedEntry) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const { person } = entry;
  const name = person.nickname || t('social.liked.noName');
  const body = (
    <>
      <Avatar peer={person} size={48} />
      <span className="liked__body">
        <span className="liked__name">{name}</span>
        <span className="liked__meta">
          {[person.genre, formatDate(lang, entry.at)].filter(Boolean).join(' · ')}
        </span>
      </span>
    </>
  );
  let action = null;
  if (canLikeBack) {
    action = entry.mutual ? (
      <span className="liked__badge">{t('social.liked.likedBack')}</span>
    ) : (
      <Button className="liked__back" busy={busy} onClick={() => onLikeBack(entry)}>
        {t('social.liked.likeBack')}
      </Button>
    );
  } else if (entry.mutual) {
    action = <span className="liked__badge">{t('social.liked.mutual')}</span>;
  }
  return (
    <li className="liked__row">
      {/* Fans have no public profile: only creators link to theirs. */}
      {person.username ? (
        <LangLink className="liked__link" to={profilePath(person.username)}>
          {body}
        </LangLink>
      ) : (
        <div className="liked__link">{body}</div>
      )}
      {action}
    </li>
  );
}

function Liked({ kind, me }: { kind: LikeList; me: string }) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const query = useLikes(kind, me);
  const entries = pagedItems(query.data, (p) => p.entries.map((e) => ({ ...e, id: e.person.id })));
  const loadError = queryErrorKey(query.error);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; message: Message } | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  // A creator may like back the fans who liked them (on "liked you").
  const role = auth.profile?.role_id ?? auth.roleId;
  const canLikeBack = kind === 'liked-you' && role === ROLE.CREATOR;

  const likeBack = async (entry: LikedEntry) => {
    setBusyId(entry.person.id);
    setNotice(null);
    try {
      const r = await like(entry.person.id);
      if (r?.ok) {
        markLikedBack(queryClient, me, entry.person.id);
        setNotice({
          kind: 'success',
          message: {
            key: 'social.liked.likedBackDone',
            params: { nickname: entry.person.nickname || t('social.liked.noName') },
          },
        });
      } else if (r)
        setNotice({ kind: 'error', message: { key: r.body.issues?.[0]?.message ?? 'errors.validation' } });
    } catch (err) {
      setNotice({ kind: 'error', message: errorMessage(err) });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <section className="page social-list" aria-labelledby="liked-heading">
      <h1 id="liked-heading" className="page__title">
        {t('social.liked.heading')}
      </h1>
      <nav className="liked__tabs" aria-label={t('social.liked.tabs')}>
        <NavLink end to={to('/home/liked')} className="link-tab">
          {t('social.liked.mine')}
        </NavLink>
        <NavLink end to={to('/home/liked/you')} className="link-tab">
          {t('social.liked.you')}
        </NavLink>
      </nav>
      <Alert kind="error">
        {loadError ? t(loadError.key, localizeParams(lang, loadError.params)) : null}
      </Alert>
      <div aria-live="polite">
        {notice ? (
          <Alert kind={notice.kind}>
            {t(notice.message.key, localizeParams(lang, notice.message.params))}
          </Alert>
        ) : null}
      </div>
      {entries === null ? (
        loadError ? null : (
          <Spinner />
        )
      ) : entries.length === 0 ? (
        <p className="social-list__empty">
          {kind === 'liked' ? t('social.liked.emptyMine') : t('social.liked.emptyYou')}
        </p>
      ) : (
        <>
          <ul
            className="liked__list"
            aria-label={kind === 'liked' ? t('social.liked.listMine') : t('social.liked.listYou')}
          >
            {entries.map((e) => (
              <Row
                key={e.id}
                entry={e}
                canLikeBack={canLikeBack}
                onLikeBack={likeBack}
                busy={busyId === e.person.id}
              />
            ))}
          </ul>
          <LoadMore
            query={query}
            className="social-list__more"
            label={t('social.favorites.more')}
            busyLabel={t('social.favorites.loadingMore')}
          />
        </>
      )}
    </section>
  );
}

/** /home/liked (people I liked) and /home/liked/you (people who liked me; a creator likes back there). */
export default function LikedPage() {
  const { pathname } = useLocation();
  const kind: LikeList = /\/you\/?$/.test(pathname) ? 'liked-you' : 'liked';
  return (
    <RequireAuth>
      <Liked key={kind} kind={kind} me={profileId() ?? ''} />
    </RequireAuth>
  );
}
