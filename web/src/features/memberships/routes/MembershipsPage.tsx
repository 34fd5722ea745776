/**
 * The fan's /home/fanclub (GET /fanclub/memberships/{id}): current memberships with the next
 * renewal and its price, auto-renewal on or off with stop/resume (the stop deadline, 24 hours
 * before the renewal, shown beforehand; the server's refusal shown when it is past), a past-due
 * renewal with its retry date and the store, ended memberships, and the back-number passes bought.
 */
import type { MembershipView, MyMembershipsResponse } from '@app/shared/schemas/fanclub';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Avatar } from '../../../components/Avatar.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useAuth } from '../../../lib/session.ts';
import { formatDate, formatDateTime, formatNumber } from '../../points/format.ts';
import { errorMessage, type Message } from '../../store/messages.ts';
import { getMyMemberships } from '../api/getMyMemberships.ts';
import { setAutoRenew } from '../api/payments.ts';
import { formatMonth, jstNoon, lastAccessOf, retryDateOf } from '../flow.ts';
import { useMembershipText } from '../messages.ts';
import '../membership.css';

type Load =
  | { state: 'loading' }
  | { state: 'ok'; data: MyMembershipsResponse }
  | { state: 'error'; message: Message };

const peerOf = (c: MembershipView['creator']) => ({
  id: c.id,
  username: c.username,
  nickname: c.nickname,
  profile_image: c.avatar_url,
});

const profileLink = (c: MembershipView['creator'], type?: string) =>
  c.username ? `/@${encodeURIComponent(c.username)}${type ? `/${type}` : ''}` : null;

function MembershipRow({
  membership,
  now,
  onChanged,
}: {
  membership: MembershipView;
  now: () => Date;
  onChanged: (m: MembershipView) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const text = useMembershipText();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; message: Message } | null>(null);
  const m = membership;
  const n = (x: number) => formatNumber(lang, x);
  const link = profileLink(m.creator);
  const pastDeadline = m.stop_deadline !== null && now().getTime() >= Date.parse(m.stop_deadline);

  const change = async (autoRenew: boolean) => {
    setBusy(true);
    setResult(null);
    try {
      const r = await setAutoRenew({ creator_id: m.creator.id, auto_renew: autoRenew });
      if (r === null) return;
      if (!r.ok) {
        setResult({ kind: 'error', message: { key: r.body.issues?.[0]?.message ?? 'errors.validation' } });
        return;
      }
      onChanged(r.data.membership);
      setResult({
        kind: 'success',
        message: autoRenew
          ? { key: 'membership.page.resumed' }
          : {
              key: 'membership.page.stopped',
              params: { date: formatDate(lang, lastAccessOf(r.data.membership.access_until)) },
            },
      });
    } catch (err) {
      setResult({ kind: 'error', message: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="fc-row" data-testid="membership-row">
      <div className="fc-row__who">
        <Avatar peer={peerOf(m.creator)} size={40} />
        <span className="fc-row__names">
          <strong>{m.fanclub_name}</strong>
          <span className="small muted">{m.creator.nickname ?? m.creator.username ?? ''}</span>
        </span>
      </div>
      <p className="small">
        {t('membership.page.price', { price: n(m.price) })}
        {' · '}
        {t('membership.page.monthsPaid', { count: m.months_paid })}
      </p>
      {m.status === 'ended' ? (
        <>
          <p className="small">
            {t('membership.state.endedOn', { date: formatDate(lang, lastAccessOf(m.access_until)) })}
          </p>
          {link ? (
            <LangLink to={profileLink(m.creator, 'fanclub') ?? link}>{t('membership.page.rejoin')}</LangLink>
          ) : null}
        </>
      ) : (
        <>
          {m.status === 'past_due' ? (
            <Alert kind="warning">
              {t('membership.page.pastDue', { date: formatDate(lang, jstNoon(retryDateOf(m))) })}{' '}
              <LangLink to="/store">{t('membership.page.toStore')}</LangLink>
            </Alert>
          ) : m.auto_renew && m.renews_on ? (
            <p className="small" data-testid="renews-on">
              {t('membership.page.renewsOn', { date: formatDate(lang, jstNoon(m.renews_on)) })}
            </p>
          ) : (
            <p className="small">
              {t('membership.page.accessUntil', { date: formatDate(lang, lastAccessOf(m.access_until)) })}
            </p>
          )}
          <div className="fc-row__toggle">
            <span className="small">
              {t('membership.page.autoRenew')}
              <strong data-testid="auto-renew">
                {m.auto_renew ? t('membership.page.on') : t('membership.page.off')}
              </strong>
            </span>
            {m.auto_renew ? (
              <Button
                variant="secondary"
                className="btn--small"
                busy={busy}
                onClick={() => void change(false)}
              >
                {t('membership.page.stop')}
              </Button>
            ) : m.status === 'active' ? (
              <Button
                variant="secondary"
                className="btn--small"
                busy={busy}
                onClick={() => void change(true)}
              >
                {t('membership.page.resume')}
              </Button>
            ) : null}
          </div>
          {m.auto_renew && m.stop_deadline ? (
            <p className="small muted" data-testid="stop-deadline">
              {pastDeadline
                ? t('membership.page.stopLocked')
                : t('membership.page.stopDeadline', { date: formatDateTime(lang, m.stop_deadline) })}
            </p>
          ) : null}
        </>
      )}
      {result ? <Alert kind={result.kind}>{text(result.message)}</Alert> : null}
      {link ? (
        <p className="small">
          <LangLink to={link}>{t('membership.page.toProfile')}</LangLink>
        </p>
      ) : null}
    </li>
  );
}

export function Memberships({ now = () => new Date() }: { now?: () => Date }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const text = useMembershipText();
  const profileId = useAuth().profile?.id ?? null;
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [version, setVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again on reload
  useEffect(() => {
    if (!profileId) return;
    let live = true;
    getMyMemberships(profileId)
      .then((r) => {
        if (live && r?.ok) setLoad({ state: 'ok', data: r.data });
      })
      .catch((err: unknown) => {
        if (live) setLoad({ state: 'error', message: errorMessage(err) });
      });
    return () => {
      live = false;
    };
  }, [profileId, version]);

  let body: React.ReactNode;
  if (load.state === 'loading') body = <Spinner />;
  else if (load.state === 'error') {
    body = (
      <>
        <Alert kind="error">{text(load.message)}</Alert>
        <Button variant="secondary" onClick={() => setVersion((v) => v + 1)}>
          {t('membership.page.retry')}
        </Button>
      </>
    );
  } else {
    const { memberships, passes } = load.data;
    const current = memberships.filter((m) => m.status !== 'ended');
    const ended = memberships.filter((m) => m.status === 'ended');
    const replace = (next: MembershipView) =>
      setLoad((l) =>
        l.state === 'ok'
          ? {
              state: 'ok',
              data: {
                ...l.data,
                memberships: l.data.memberships.map((m) => (m.creator.id === next.creator.id ? next : m)),
              },
            }
          : l,
      );
    const rows = (list: MembershipView[]) => (
      <ul className="fc-page__list">
        {list.map((m) => (
          <MembershipRow key={m.creator.id} membership={m} now={now} onChanged={replace} />
        ))}
      </ul>
    );
    body =
      memberships.length === 0 && passes.length === 0 ? (
        <div className="fc-empty" data-testid="memberships-empty">
          <p className="profile__empty">{t('membership.page.empty')}</p>
          <p className="center">
            <LangLink to="/discovery" className="btn btn--primary">
              {t('membership.page.discover')}
            </LangLink>
          </p>
        </div>
      ) : (
        <>
          {current.length > 0 ? (
            <section aria-labelledby="fc-current">
              <h2 id="fc-current" className="section-title">
                {t('membership.page.current')}
              </h2>
              {rows(current)}
            </section>
          ) : null}
          {ended.length > 0 ? (
            <section aria-labelledby="fc-ended">
              <h2 id="fc-ended" className="section-title">
                {t('membership.page.ended')}
              </h2>
              {rows(ended)}
            </section>
          ) : null}
          <section aria-labelledby="fc-passes">
            <h2 id="fc-passes" className="section-title">
              {t('membership.page.passes')}
            </h2>
            {passes.length === 0 ? (
              <p className="small muted">{t('membership.page.passesEmpty')}</p>
            ) : (
              <ul className="fc-passes">
                {passes.map((p) => (
                  <li key={`${p.creator.id}-${p.month}`} data-testid="pass-row">
                    <Avatar peer={peerOf(p.creator)} size={32} />
                    <span className="fc-passes__text">
                      <strong>{p.fanclub_name || (p.creator.nickname ?? '')}</strong>
                      <span className="small">
                        {t('membership.page.passRow', {
                          month: formatMonth(lang, p.month),
                          points: formatNumber(lang, p.points),
                        })}
                      </span>
                      <span className="small muted">
                        {t('membership.page.boughtAt', { date: formatDate(lang, p.bought_at) })}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      );
  }
  return (
    <section className="page fc-page" aria-labelledby="fc-page-heading">
      <h1 id="fc-page-heading" className="page__title">
        {t('membership.page.heading')}
      </h1>
      {body}
    </section>
  );
}

/** The fan's /home/fanclub (FanclubHomePage shows it to everyone but creators). */
export default function MembershipsPage() {
  return <Memberships />;
}
