import { canBuyPoints, isSetupComplete, ROLE } from '@app/shared/roles';
import { type CreatorCard, confirmationTypes, type HomeResponse } from '@app/shared/schemas/social';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { RequireAuth } from '../../../app/RequireAuth.tsx';
import { Alert, FlashNotice } from '../../../components/Alert.tsx';
import { CreatorTile } from '../../../components/CreatorCard.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { queryErrorKey } from '../../../lib/query.ts';
import { nextSetupPath } from '../../../lib/setup.ts';
import { useAccount } from '../../mypage/account-store.ts';
import { formatDate } from '../../points/format.ts';
import { type ConfirmationType, confirm } from '../api/confirm.ts';
import { markConfirmed, useHome } from '../cache.ts';
import { HelpDialog } from '../components/HelpDialog.tsx';
import { Rankings } from '../components/Rankings.tsx';
import '../home.css';

function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="home__section" aria-labelledby={id}>
      <div className="home__section-head">
        <h2 id={id} className="section-title">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function Strip({ cards, label }: { cards: CreatorCard[]; label: string }) {
  return (
    <ul className="home-strip" aria-label={label}>
      {cards.map((card) => (
        <li key={card.id}>
          <CreatorTile card={card} />
        </li>
      ))}
    </ul>
  );
}

function Banner({ banner }: { banner: NonNullable<HomeResponse['banner']> }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const img = (
    <img
      className="home-banner__img"
      src={banner.image_url}
      alt={banner.alt[lang]}
      width={1200}
      height={400}
    />
  );
  return (
    <aside className="home-banner" aria-label={t('home.banner.label')}>
      {banner.link ? <LangLink to={banner.link}>{img}</LangLink> : img}
    </aside>
  );
}

/**
 * The help modals: each opens from its link, and the first one the viewer has not seen opens by
 * itself (one per visit, the other on a later visit) and is recorded with POST /confirmation.
 */
function useHelp(home: HomeResponse | undefined) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<ConfirmationType | null>(null);
  const autoShown = useRef(false);
  useEffect(() => {
    if (!home || autoShown.current) return;
    autoShown.current = true;
    const unseen = confirmationTypes.find((type) => !home.confirmed[type]);
    if (!unseen) return;
    setOpen(unseen);
    markConfirmed(queryClient, unseen);
    confirm(unseen).catch(() => {
      // Not recorded: it shows again on a later visit.
    });
  }, [home, queryClient]);
  return { open, show: setOpen, close: () => setOpen(null) };
}

function Home() {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const { data: account, error: accountError } = useAccount();
  const query = useHome();
  const home = query.data;
  const help = useHelp(home);

  if (account && !isSetupComplete(account.profile.role_id, account.final_step)) {
    return <Navigate to={to(nextSetupPath(account.profile.role_id, account.final_step))} replace />;
  }

  const profile = account?.profile;
  const role = profile?.role_id;
  const isCreator = role === ROLE.CREATOR;
  const isFan = role === ROLE.FAN;
  const isOwner = role === ROLE.USER;
  const name = profile?.nickname;
  const error = accountError ?? queryErrorKey(query.error)?.key ?? null;

  return (
    <section className="page home" aria-labelledby="home-heading">
      <FlashNotice />
      <Alert kind="error">{error ? t(error) : null}</Alert>
      <h1 id="home-heading" className="page__title">
        {name ? t('home.greeting', { name }) : t('home.greetingNoName')}
      </h1>
      {profile ? (
        <nav className="home-shortcuts" aria-label={t('home.shortcuts.label')}>
          {isCreator ? (
            <>
              {profile.username ? (
                <LangLink to={`/@${profile.username}`}>{t('home.shortcuts.profile')}</LangLink>
              ) : null}
              <LangLink to="/home/liked/you">{t('home.shortcuts.likedYou')}</LangLink>
              <LangLink to="/home/fanclub">{t('common.titles.fanclubManage')}</LangLink>
              <LangLink to="/home/broadcasting/reserve">{t('common.titles.broadcastReserves')}</LangLink>
              <LangLink to="/home/broadcasting/trigger">{t('common.titles.broadcastTriggers')}</LangLink>
            </>
          ) : (
            <>
              {isOwner ? (
                <LangLink to="/organization">{t('organizations.menu.organization')}</LangLink>
              ) : null}
              <LangLink to="/home/search">{t('home.shortcuts.search')}</LangLink>
              {isFan ? <LangLink to="/home/favorites">{t('home.shortcuts.favorites')}</LangLink> : null}
              {isFan ? <LangLink to="/home/liked">{t('home.shortcuts.liked')}</LangLink> : null}
              {isFan ? <LangLink to="/mypage/cart">{t('home.shortcuts.cart')}</LangLink> : null}
              {isFan ? <LangLink to="/home/fanclub">{t('home.shortcuts.fanclub')}</LangLink> : null}
            </>
          )}
        </nav>
      ) : null}
      {home === undefined ? (
        error ? null : (
          <Spinner />
        )
      ) : (
        <>
          {home.banner ? <Banner banner={home.banner} /> : null}
          <Section id="home-recommended" title={t('home.recommended.title')}>
            {home.recommended.length === 0 ? (
              <p className="home__empty">{t('home.recommended.empty')}</p>
            ) : (
              <Strip cards={home.recommended} label={t('home.recommended.title')} />
            )}
          </Section>
          {isFan ? (
            <Section
              id="home-favorites"
              title={t('home.favorites.title')}
              action={
                home.favorites.length > 0 ? (
                  <LangLink className="home__more" to="/home/favorites">
                    {t('home.favorites.seeAll')}
                  </LangLink>
                ) : null
              }
            >
              {home.favorites.length === 0 ? (
                <p className="home__empty">
                  {t('home.favorites.empty')}{' '}
                  <LangLink to="/discovery">{t('home.favorites.discover')}</LangLink>
                </p>
              ) : (
                <Strip cards={home.favorites} label={t('home.favorites.title')} />
              )}
            </Section>
          ) : null}
          <Section id="home-rankings" title={t('home.rankings.title')}>
            <Rankings rankings={home.rankings} />
          </Section>
          {role !== undefined && canBuyPoints(role) ? (
            <aside className="home-intro" aria-labelledby="home-store-intro">
              <h2 id="home-store-intro" className="home-intro__title">
                {t('home.storeIntro.title')}
              </h2>
              <p>{t('home.storeIntro.body')}</p>
              <LangLink className="btn btn--secondary" to="/store">
                {t('home.storeIntro.link')}
              </LangLink>
            </aside>
          ) : null}
          {isOwner ? (
            <aside className="home-intro" aria-labelledby="home-organization-intro">
              <h2 id="home-organization-intro" className="home-intro__title">
                {t('organizations.menu.heading')}
              </h2>
              <p>{t('organizations.menu.homeBody')}</p>
              <LangLink className="btn btn--secondary" to="/organization">
                {t('organizations.menu.organization')}
              </LangLink>
            </aside>
          ) : null}
          {isCreator ? (
            <aside className="home-intro" aria-labelledby="home-creator-intro">
              <h2 id="home-creator-intro" className="home-intro__title">
                {t('home.creatorIntro.title')}
              </h2>
              <p>{t('home.creatorIntro.body')}</p>
              <LangLink className="btn btn--secondary" to="/mypage/account">
                {t('home.creatorIntro.edit')}
              </LangLink>
            </aside>
          ) : null}
          <Section id="home-news" title={t('home.news.title')}>
            {home.news.length === 0 ? (
              <p className="home__empty">{t('home.news.empty')}</p>
            ) : (
              <ul className="home-news" aria-label={t('home.news.listLabel')}>
                {home.news.map((n) => (
                  <li key={n.id}>
                    <LangLink className="home-news__link" to={`/home/news/${encodeURIComponent(n.id)}`}>
                      <time className="home-news__date" dateTime={n.published_at}>
                        {formatDate(lang, n.published_at)}
                      </time>
                      <span className="home-news__title">{n.title[lang]}</span>
                    </LangLink>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </>
      )}
      <ul className="home-help-links">
        <li>
          <button type="button" className="link-button" onClick={() => help.show('like_favorite_help')}>
            {t('home.help.likeFavoriteLink')}
          </button>
        </li>
        <li>
          <button type="button" className="link-button" onClick={() => help.show('point_kinds_help')}>
            {t('home.help.pointKindsLink')}
          </button>
        </li>
      </ul>
      <ul className="link-list home__mylinks">
        <li>
          <LangLink to="/mypage/easy-profile">{t('common.titles.easyProfile')}</LangLink>
        </li>
        <li>
          <LangLink to="/mypage/points">{t('common.titles.points')}</LangLink>
        </li>
        {role !== undefined && !isFan ? (
          <li>
            <LangLink to="/mypage/incomes">{t('common.titles.incomes')}</LangLink>
          </li>
        ) : null}
        {role !== undefined && !isFan ? (
          <li>
            <LangLink to="/home/shop">{t('common.titles.shopItems')}</LangLink>
          </li>
        ) : null}
        {isOwner ? (
          <li>
            <LangLink to="/organization/sales">{t('organizations.menu.sales')}</LangLink>
          </li>
        ) : null}
        {isCreator ? (
          <li>
            <LangLink to="/home/fanclub">{t('common.titles.fanclubManage')}</LangLink>
          </li>
        ) : null}
        {isCreator ? (
          <li>
            <LangLink to="/home/broadcasting/reserve">{t('common.titles.broadcastReserves')}</LangLink>
          </li>
        ) : null}
        {isCreator ? (
          <li>
            <LangLink to="/home/broadcasting/trigger">{t('common.titles.broadcastTriggers')}</LangLink>
          </li>
        ) : null}
        <li>
          <LangLink to="/mypage/account">{t('home.accountLink')}</LangLink>
        </li>
      </ul>
      <HelpDialog type={help.open} onClose={help.close} />
    </section>
  );
}

/**
 * /home: recommended creators, the fan's close friends (favorites), item rankings, the campaign
 * banner, the store's or the creator's intro, news, and the two help modals. One GET /home.
 */
export default function HomePage() {
  return (
    <RequireAuth>
      <Home />
    </RequireAuth>
  );
}
