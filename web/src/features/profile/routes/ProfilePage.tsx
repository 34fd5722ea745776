import { ROLE } from '@app/shared/roles';
import type { PublicProfileView } from '@app/shared/schemas/social';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { NotFoundPage } from '../../../app/NotFoundPage.tsx';
import { usePageHead } from '../../../app/page-head.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Avatar } from '../../../components/Avatar.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { loginPathWithReturn } from '../../../lib/return-to.ts';
import { hasSession, loginPathFor, useAuth } from '../../../lib/session.ts';
import { FanclubSection } from '../../memberships/components/FanclubCard.tsx';
import { OrganizationBadge } from '../../organizations/components/OrganizationBadge.tsx';
import { formatNumber } from '../../points/format.ts';
import { errorMessage, localizeParams, type Message } from '../../store/messages.ts';
import { getProfile, like, setFavorite } from '../api/social.ts';
import { PurchaseLog } from '../components/PurchaseLog.tsx';
import { ShopShelf } from '../components/ShopShelf.tsx';
import { SupporterRanking } from '../components/SupporterRanking.tsx';
import { isProfileType, type ProfileType, profilePath } from '../paths.ts';
import '../profile.css';

/** The fan club's join flow (the shop's purchase steps): loaded only on `/@{username}/fanclub`. */
const FanclubFlowSection = lazy(() =>
  import('../../memberships/components/FanclubFlowSection.tsx').then((m) => ({
    default: m.FanclubFlowSection,
  })),
);

/** The invitation page brings the QR code's library: loaded only when that section opens. */
const InvitePanel = lazy(() =>
  import('../components/InvitePanel.tsx').then((m) => ({ default: m.InvitePanel })),
);
/** The posts switch (fan club posts, issue 14): its code and the query cache load when it opens. */
const ProfilePosts = lazy(() => import('../../posts/components/ProfilePosts.tsx'));

type Load =
  | { state: 'loading' }
  | { state: 'ok'; profile: PublicProfileView }
  | { state: 'notFound' }
  | { state: 'error'; message: Message };

/** GET /profile/{username}, again when the username or the session changes. */
function useProfile(username: string, signedIn: boolean) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the session changes
  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    getProfile(username)
      .then((r) => {
        if (!live || !r) return;
        setLoad(r.ok ? { state: 'ok', profile: r.data } : { state: 'notFound' });
      })
      .catch((err: unknown) => {
        if (!live) return;
        if (err instanceof ApiError && (err.status === 404 || err.code === 'profile_not_found')) {
          setLoad({ state: 'notFound' });
        } else setLoad({ state: 'error', message: errorMessage(err) });
      });
    return () => {
      live = false;
    };
  }, [username, signedIn]);
  const update = (fn: (p: PublicProfileView) => PublicProfileView) =>
    setLoad((l) => (l.state === 'ok' ? { state: 'ok', profile: fn(l.profile) } : l));
  return { load, update };
}

const heart =
  'M12 21C5 15.5 2 12.3 2 8.5A4.5 4.5 0 0 1 6.5 4c2.1 0 3.6 1 5.5 3 1.9-2 3.4-3 5.5-3A4.5 4.5 0 0 1 22 8.5c0 3.8-3 7-10 12.5Z';
const star = 'M12 2l3 6.5 7 .8-5.2 4.8 1.4 7L12 17.6 5.8 21.1l1.4-7L2 9.3l7-.8z';

function Icon({ d, filled }: { d: string; filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={d}
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

type Prompt = 'like' | 'favorite' | 'chat';
type Notice = { kind: 'success' | 'error'; message: Message } | { kind: 'login'; action: Prompt };

/** Like (permanent), favorite (toggle) and chat; guests are asked to log in and come back. */
function Actions({
  profile,
  update,
}: {
  profile: PublicProfileView;
  update: (fn: (p: PublicProfileView) => PublicProfileView) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const auth = useAuth();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState<'like' | 'favorite' | null>(null);
  // Creators never like, favorite or chat with other creators; a creator's own profile offers none.
  const role = auth.profile?.role_id ?? auth.roleId;
  // An operator's token reads the profile as a guest's (no viewer), yet it is signed in: no actions.
  const guest = !hasSession() || (profile.viewer === null && role !== ROLE.ADMIN);
  const viewer = profile.viewer;
  const canAct = guest || (!viewer?.self && (role === ROLE.FAN || role === ROLE.USER));
  const here = profilePath(profile.username);

  if (!canAct) return null;

  const onLike = async () => {
    if (guest) return setNotice({ kind: 'login', action: 'like' });
    setBusy('like');
    setNotice(null);
    try {
      const r = await like(profile.id);
      if (r?.ok) {
        const created = r.data.created;
        update((p) => ({
          ...p,
          liked_by: p.liked_by + (created ? 1 : 0),
          viewer: p.viewer ? { ...p.viewer, liked: true } : p.viewer,
        }));
        setNotice({
          kind: 'success',
          message: { key: 'social.profile.likeDone', params: { nickname: profile.nickname } },
        });
      } else if (r)
        setNotice({ kind: 'error', message: { key: r.body.issues?.[0]?.message ?? 'errors.validation' } });
    } catch (err) {
      setNotice({ kind: 'error', message: errorMessage(err) });
    } finally {
      setBusy(null);
    }
  };

  const onFavorite = async () => {
    if (guest) return setNotice({ kind: 'login', action: 'favorite' });
    setBusy('favorite');
    setNotice(null);
    try {
      const r = await setFavorite(profile.id, !viewer?.favorited);
      if (r?.ok) {
        const favorited = r.data.favorited;
        update((p) => ({ ...p, viewer: p.viewer ? { ...p.viewer, favorited } : p.viewer }));
        setNotice({
          kind: 'success',
          message: { key: favorited ? 'social.profile.favoriteAdded' : 'social.profile.favoriteRemoved' },
        });
      } else if (r)
        setNotice({ kind: 'error', message: { key: r.body.issues?.[0]?.message ?? 'errors.validation' } });
    } catch (err) {
      setNotice({ kind: 'error', message: errorMessage(err) });
    } finally {
      setBusy(null);
    }
  };

  const liked = viewer?.liked ?? false;
  const favorited = viewer?.favorited ?? false;
  const chatCost = (
    <span className="profile__cost">
      {t('social.profile.chatCost', {
        cost: formatNumber(lang, profile.chat_cost),
        count: profile.chat_cost,
      })}
    </span>
  );
  let chat: ReactNode;
  if (profile.chat_locked) {
    chat = <p className="profile__locked small muted">{t('social.profile.chatLocked')}</p>;
  } else if (guest) {
    chat = (
      <button
        type="button"
        className="btn btn--primary profile__chat"
        onClick={() => setNotice({ kind: 'login', action: 'chat' })}
      >
        {t('social.profile.chat')}
        {chatCost}
      </button>
    );
  } else {
    chat = (
      <LangLink
        className="btn btn--primary profile__chat"
        to={`/chatroom/${encodeURIComponent(profile.username)}`}
      >
        {t('social.profile.chat')}
        {chatCost}
      </LangLink>
    );
  }

  return (
    <>
      <div className="profile__actions">
        <Button
          variant="secondary"
          className={`profile__toggle${liked ? ' profile__toggle--on' : ''}`}
          aria-pressed={liked}
          disabled={liked}
          busy={busy === 'like'}
          onClick={onLike}
        >
          <Icon d={heart} filled={liked} />
          {liked ? t('social.profile.liked') : t('social.profile.like')}
        </Button>
        <Button
          variant="secondary"
          className={`profile__toggle${favorited ? ' profile__toggle--on' : ''}`}
          aria-pressed={favorited}
          busy={busy === 'favorite'}
          onClick={onFavorite}
        >
          <Icon d={star} filled={favorited} />
          {favorited ? t('social.profile.favorited') : t('social.profile.favorite')}
        </Button>
      </div>
      {chat}
      <div aria-live="polite" className="profile__notice">
        {notice?.kind === 'login' ? (
          <Alert kind="info">
            {t(`social.profile.login.${notice.action}`)}{' '}
            <LangLink className="profile__login" to={loginPathWithReturn(loginPathFor(null), here)}>
              {t('social.profile.login.action')}
            </LangLink>
          </Alert>
        ) : notice ? (
          <Alert kind={notice.kind}>
            {t(notice.message.key, localizeParams(lang, notice.message.params))}
          </Alert>
        ) : null}
      </div>
    </>
  );
}

function ProfileTab({ profile }: { profile: PublicProfileView }) {
  const { t } = useTranslation();
  return (
    <>
      <section className="profile__section" aria-label={t('social.profile.tabs.profile')}>
        <p className={`profile__bio${profile.bio ? '' : ' muted'}`}>
          {profile.bio || t('social.profile.noBio')}
        </p>
      </section>
      <FanclubSection username={profile.username} emptyText={t('social.profile.fanclub.empty')} />
      <ShopShelf username={profile.username} />
      {profile.supporters ? (
        <SupporterRanking month={profile.supporters.month} allTime={profile.supporters.all_time} />
      ) : null}
      <PurchaseLog creatorId={profile.id} username={profile.username} />
    </>
  );
}

function Profile({
  profile,
  type,
  update,
}: {
  profile: PublicProfileView;
  type: ProfileType | undefined;
  update: (fn: (p: PublicProfileView) => PublicProfileView) => void;
}) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const self = profile.viewer?.self ?? false;
  const meta = [profile.genre, profile.area !== 0 ? t(`areas.${profile.area}`) : null].filter(Boolean);
  return (
    <article className="page profile" aria-labelledby="profile-name">
      <div className="profile__cover">
        {profile.background_image ? (
          <img
            src={profile.background_image}
            alt={t('social.profile.background', { nickname: profile.nickname })}
          />
        ) : null}
      </div>
      <div className="profile__head">
        <span className="profile__avatar">
          <Avatar peer={profile} size={88} />
        </span>
        <h1 id="profile-name" className="profile__name">
          {profile.nickname}
        </h1>
        <p className="profile__username muted">@{profile.username}</p>
        {profile.organization ? <OrganizationBadge organization={profile.organization} /> : null}
        {meta.length > 0 ? <p className="profile__meta">{meta.join(' · ')}</p> : null}
        <p className="profile__counts">
          <span data-testid="like-count">
            {t('social.profile.likeCount', {
              count: profile.liked_by,
              likes: formatNumber(lang, profile.liked_by),
            })}
          </span>
          {profile.favorited_by !== null ? (
            <span>{t('social.profile.favoritedBy', { fans: formatNumber(lang, profile.favorited_by) })}</span>
          ) : null}
        </p>
      </div>
      {self ? <Alert kind="info">{t('social.profile.self')}</Alert> : null}
      <Actions profile={profile} update={update} />
      {type === 'invite' ? (
        <Suspense fallback={<Spinner />}>
          <InvitePanel username={profile.username} nickname={profile.nickname} self={self} />
        </Suspense>
      ) : (
        <>
          <nav className="profile__tabs" aria-label={t('social.profile.tabs.label')}>
            <NavLink end to={to(profilePath(profile.username))} className="link-tab">
              {t('social.profile.tabs.profile')}
            </NavLink>
            <NavLink to={to(profilePath(profile.username, 'posts'))} className="link-tab">
              {t('social.profile.tabs.posts')}
            </NavLink>
          </nav>
          {type === 'posts' ? (
            <Suspense fallback={<Spinner />}>
              <ProfilePosts username={profile.username} />
            </Suspense>
          ) : type === 'fanclub' ? (
            <Suspense fallback={<Spinner />}>
              <FanclubFlowSection username={profile.username} emptyText={t('social.profile.fanclub.empty')} />
            </Suspense>
          ) : (
            <ProfileTab profile={profile} />
          )}
          <p className="profile__invite">
            <LangLink to={profilePath(profile.username, 'invite')}>
              {t('social.profile.invite.open')}
            </LangLink>
          </p>
        </>
      )}
    </article>
  );
}

function ProfileNotFound() {
  const { t } = useTranslation();
  return (
    <section className="page page--center" aria-labelledby="profile-not-found">
      <h1 id="profile-not-found" className="page__title">
        {t('social.profile.notFound.heading')}
      </h1>
      <p className="muted">{t('social.profile.notFound.lead')}</p>
      <p>
        {hasSession() ? (
          <LangLink to="/home" className="btn btn--secondary">
            {t('social.profile.notFound.toHome')}
          </LangLink>
        ) : (
          <LangLink to="/" className="btn btn--secondary">
            {t('social.profile.notFound.toTop')}
          </LangLink>
        )}
      </p>
    </section>
  );
}

function ProfileScreen({ username, type }: { username: string; type: ProfileType | undefined }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const signedIn = useAuth().profile !== null;
  const { load, update } = useProfile(username, signedIn);
  usePageHead(
    load.state === 'ok'
      ? {
          title: load.profile.nickname,
          description: load.profile.bio?.slice(0, 120) || undefined,
        }
      : load.state === 'notFound'
        ? { title: t('social.profile.notFound.heading') }
        : null,
  );
  if (load.state === 'loading') return <Spinner />;
  if (load.state === 'notFound') return <ProfileNotFound />;
  if (load.state === 'error') {
    return (
      <section className="page">
        <Alert kind="error">{t(load.message.key, localizeParams(lang, load.message.params))}</Alert>
      </section>
    );
  }
  return <Profile profile={load.profile} type={type} update={update} />;
}

function UnknownPath() {
  const { t } = useTranslation();
  usePageHead({ title: t('common.titles.notFound') });
  return <NotFoundPage />;
}

/**
 * `/@{username}` and `/@{username}/{type}` (paths.ts lists the types): a creator's public profile.
 * The route's segment is `:at` (React Router has no partial segments): one that does not start
 * with '@', or an unknown type, is the not-found page.
 */
export default function ProfilePage() {
  const { at = '', type } = useParams();
  const valid = at.startsWith('@') && at.length > 1 && (type === undefined || isProfileType(type));
  if (!valid) return <UnknownPath />;
  return <ProfileScreen key={at} username={at.slice(1)} type={type as ProfileType | undefined} />;
}
