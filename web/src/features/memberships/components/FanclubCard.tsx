/**
 * The profile's fan club card (GET /fanclub/card/{id}): name, monthly price, description,
 * benefits, members, what joining opens, the back numbers, and the viewer's membership or the way
 * to join. On the profile tab the join and buy buttons lead to `/@{username}/fanclub` (the flow);
 * there, the flow (JoinFlow) takes the card's action slot.
 */
import { ROLE } from '@app/shared/roles';
import type { FanclubCardResponse, MembershipView } from '@app/shared/schemas/fanclub';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { splitPrefix } from '../../../lib/lang.ts';
import { loginPathWithReturn } from '../../../lib/return-to.ts';
import { loginPathFor, useAuth } from '../../../lib/session.ts';
import { formatDate, formatNumber } from '../../points/format.ts';
import { errorMessage, type Message } from '../../store/messages.ts';
import { getFanclubCard } from '../api/getFanclubCard.ts';
import { formatMonth, jstNoon, lastAccessOf, retryDateOf } from '../flow.ts';
import { refusalMessage, useMembershipText } from '../messages.ts';
import '../membership.css';

export type CardLoad =
  | { state: 'loading' }
  | { state: 'ok'; card: FanclubCardResponse }
  | { state: 'error'; message: Message };

/** The card of `username`, read again on `reload` (quietly: the flow stays on screen). */
export function useFanclubCard(username: string, signedIn: boolean) {
  const [load, setLoad] = useState<CardLoad>({ state: 'loading' });
  const [version, setVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the session changes or on reload
  useEffect(() => {
    let live = true;
    getFanclubCard(username, { quiet: true })
      .then((r) => {
        if (live && r?.ok) setLoad({ state: 'ok', card: r.data });
      })
      .catch((err: unknown) => {
        if (live) setLoad({ state: 'error', message: errorMessage(err) });
      });
    return () => {
      live = false;
    };
  }, [username, signedIn, version]);
  return { load, reload: () => setVersion((v) => v + 1) };
}

const fanclubPath = (username: string, month?: string) =>
  `/@${encodeURIComponent(username)}/fanclub${month ? `?pass=${month}` : ''}`;

/** The member's state: renewal, auto-renewal, past due with the store, ended. */
export function MembershipState({ membership }: { membership: MembershipView }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const date = (d: string) => formatDate(lang, jstNoon(d));
  const m = membership;
  return (
    <div className={`fc-state fc-state--${m.status}`} data-testid="membership-state">
      <p className="fc-state__status">
        <strong>
          {m.status === 'active'
            ? t('membership.state.active')
            : m.status === 'past_due'
              ? t('membership.state.pastDue')
              : t('membership.state.ended')}
        </strong>
      </p>
      {m.status === 'active' && m.renews_on ? (
        <p className="small">{t('membership.state.renewsOn', { date: date(m.renews_on) })}</p>
      ) : null}
      {m.status === 'active' ? (
        <p className="small">
          {m.auto_renew
            ? t('membership.state.autoRenewOn')
            : t('membership.state.autoRenewOff', { date: formatDate(lang, lastAccessOf(m.access_until)) })}
        </p>
      ) : null}
      {m.status === 'past_due' ? (
        <>
          <p className="small">{t('membership.state.pastDueLead', { date: date(retryDateOf(m)) })}</p>
          <LangLink to="/store" className="btn btn--primary btn--block">
            {t('membership.state.toStore')}
          </LangLink>
        </>
      ) : null}
      {m.status !== 'ended' ? (
        <p className="small">
          <LangLink to="/home/fanclub">{t('membership.state.manage')}</LangLink>
        </p>
      ) : null}
    </div>
  );
}

/** The join button, the login prompt or why joining is not possible (the profile tab's action). */
function JoinAction({ card, signedIn }: { card: FanclubCardResponse; signedIn: boolean }) {
  const { t } = useTranslation();
  const text = useMembershipText();
  const here = splitPrefix(useLocation().pathname).path;
  const username = card.creator.username ?? card.creator.id;
  const auth = useAuth();
  const role = auth.profile?.role_id ?? auth.roleId;
  const fanclub = card.fanclub;
  if (!fanclub) return null;
  if (!signedIn) {
    if (!fanclub.is_open) return <Alert kind="info">{t('membership.card.closed')}</Alert>;
    return (
      <div className="fc-action">
        <p className="small">{t('membership.card.guest')}</p>
        <LangLink
          className="btn btn--primary btn--block"
          to={loginPathWithReturn(
            loginPathFor(null),
            here.endsWith('/fanclub') ? here : fanclubPath(username),
          )}
        >
          {t('membership.card.guestLogin')}
        </LangLink>
      </div>
    );
  }
  // An operator's token reads the card as a guest's (no refusal), yet it pays for nothing.
  const refusal = role === ROLE.ADMIN ? 'creator_purchase' : card.join_refusal;
  if (refusal === 'fanclub_already_member') return null;
  if (refusal === 'fanclub_own') {
    return (
      <div className="fc-action">
        <Alert kind="info">{t('membership.card.own')}</Alert>
        <LangLink to="/home/fanclub">{t('membership.card.manageOwn')}</LangLink>
      </div>
    );
  }
  if (refusal === 'fanclub_closed') return <Alert kind="info">{t('membership.card.closed')}</Alert>;
  if (refusal) return <Alert kind="info">{text(refusalMessage(refusal))}</Alert>;
  return (
    <div className="fc-action">
      <LangLink className="btn btn--primary btn--block" to={fanclubPath(username)}>
        {card.membership ? t('membership.card.rejoin') : t('membership.card.join')}
      </LangLink>
    </div>
  );
}

/** The card's facts: name, price, members, description, benefits, what joining opens, back numbers. */
function CardBody({ card, action }: { card: FanclubCardResponse; action: ReactNode }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const n = (x: number) => formatNumber(lang, x);
  const fanclub = card.fanclub;
  if (!fanclub) return null;
  const username = card.creator.username ?? card.creator.id;
  const member = card.membership && card.membership.status !== 'ended' ? card.membership : null;
  const earlier = card.membership?.status === 'ended';
  return (
    <div className="fc-card" data-testid="fanclub-card">
      <div className="fc-card__head">
        <p className="fc-card__name">{fanclub.name}</p>
        <p className="fc-card__price" data-testid="fanclub-price">
          <strong>{t('membership.card.price', { price: n(fanclub.price) })}</strong>
        </p>
        <p className="small muted">{t('membership.card.members', { count: fanclub.members })}</p>
      </div>
      {fanclub.description ? <p className="fc-card__text">{fanclub.description}</p> : null}
      {fanclub.benefits ? (
        <div className="fc-card__block">
          <h3 className="fc-card__subheading">{t('membership.card.benefits')}</h3>
          <p className="fc-card__text">{fanclub.benefits}</p>
        </div>
      ) : null}
      {member ? (
        <MembershipState membership={member} />
      ) : card.join_refusal === 'fanclub_own' ? null : (
        <div className="fc-card__block" data-testid="join-opens">
          <h3 className="fc-card__subheading">{t('membership.card.opens.heading')}</h3>
          {fanclub.join_opens.length > 0 ? (
            <ul className="fc-list">
              {fanclub.join_opens.map((o) => (
                <li key={o.month}>
                  {t('membership.card.opens.month', { month: formatMonth(lang, o.month), count: o.posts })}
                </li>
              ))}
            </ul>
          ) : (
            <p className="small">{t('membership.card.opens.none')}</p>
          )}
          {earlier && fanclub.join_opens.length > 1 ? (
            <p className="small muted">{t('membership.card.opens.reView')}</p>
          ) : null}
        </div>
      )}
      {action}
      {fanclub.back_numbers.length > 0 ? (
        <div className="fc-card__block">
          <h3 className="fc-card__subheading">{t('membership.card.backNumbers.heading')}</h3>
          <p className="small muted">{t('membership.card.backNumbers.lead')}</p>
          <ul className="fc-backs">
            {fanclub.back_numbers.map((b) => (
              <li key={b.month} className="fc-backs__row" data-testid="back-number">
                <span className="fc-backs__month">{formatMonth(lang, b.month)}</span>
                <span className="fc-backs__posts small">
                  {t('membership.card.backNumbers.posts', { count: b.posts })}
                </span>
                {b.state === 'pass' ? (
                  <LangLink
                    to={fanclubPath(username, b.month)}
                    className="btn btn--secondary btn--small"
                    aria-label={t('membership.card.backNumbers.buyLabel', {
                      month: formatMonth(lang, b.month),
                    })}
                  >
                    {t('membership.card.backNumbers.buy')}
                  </LangLink>
                ) : (
                  <span className={`fc-backs__state fc-backs__state--${b.state} small`}>
                    {t(`membership.card.backNumbers.${b.state}`)}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** The card as the profile tab shows it (the section with its heading; the empty state without a fan club). */
export function FanclubSection({
  username,
  emptyText,
  children,
}: {
  username: string;
  /** The profile's own empty-state text. */
  emptyText: string;
  /** The flow page's action (JoinFlow) in place of the join button, given the loaded card. */
  children?: (card: FanclubCardResponse, reload: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const text = useMembershipText();
  const signedIn = useAuth().profile !== null;
  const { load, reload } = useFanclubCard(username, signedIn);
  let body: ReactNode;
  if (load.state === 'loading') body = <Spinner />;
  else if (load.state === 'error') {
    body = (
      <>
        <Alert kind="error">{text(load.message)}</Alert>
        <Button variant="secondary" onClick={reload}>
          {t('membership.card.retry')}
        </Button>
      </>
    );
  } else if (!load.card.fanclub) body = <p className="profile__empty">{emptyText}</p>;
  else {
    const card = load.card;
    body = (
      <CardBody
        card={card}
        action={
          children && signedIn ? children(card, reload) : <JoinAction card={card} signedIn={signedIn} />
        }
      />
    );
  }
  return (
    <section className="profile__section" aria-labelledby="fanclub-heading">
      <h2 id="fanclub-heading" className="section-title">
        {t('membership.card.heading')}
      </h2>
      {body}
    </section>
  );
}

export { JoinAction };
