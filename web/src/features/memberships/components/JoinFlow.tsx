/**
 * Joining a fan club, or buying a back-number pass (`?pass=YYYY-MM`), at `/@{username}/fanclub`:
 * the options (the creator's original points first when opted in, then mushrooms; leaves never)
 * with the terms, the final confirmation screen, and the done state. A short balance goes to the
 * store and back with the flow kept (flow.ts). One idempotency key per attempt: a retry after no
 * answer sends the same key (the API joins once); a refusal (e.g. fanclub_price_changed) reads the
 * card again and the next confirmation is a new attempt with a new key.
 */
import type { BackNumberResponse, FanclubCardResponse, JoinResponse } from '@app/shared/schemas/fanclub';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { splitPrefix } from '../../../lib/lang.ts';
import { formatDate, formatNumber } from '../../points/format.ts';
import { BalanceAfter, PointSums, Shortfall, TermsAgreement } from '../../shop/components/PurchaseSteps.tsx';
import { planPoints, shortfallStorePath } from '../../shop/purchase-plan.ts';
import { errorMessage, type Message } from '../../store/messages.ts';
import { mayHaveCharged, newIdempotencyKey } from '../../store/purchase-key.ts';
import { buyBackNumber, joinFanclub } from '../api/payments.ts';
import { type FlowKind, formatMonth, jstNoon, renewalOfJoinAt, saveFlow, takeFlow } from '../flow.ts';
import { useMembershipText } from '../messages.ts';
import { JoinAction } from './FanclubCard.tsx';
import '../../shop/shop.css';

type Step = 'options' | 'confirm' | 'done';
type Result = { kind: 'join'; data: JoinResponse } | { kind: 'pass'; data: BackNumberResponse };

/** Every balance shown elsewhere (the point screens' cache) is read again after a payment. */
function balancesMoved() {
  void Promise.all([import('../../../lib/query-client.ts'), import('../../points/cache.ts')]).then(
    ([q, points]) => points.pointsMoved(q.queryClient),
  );
}

export function JoinFlow({
  card,
  flow,
  reload,
  now = () => new Date(),
}: {
  card: FanclubCardResponse;
  flow: FlowKind;
  reload: () => void;
  now?: () => Date;
}) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const text = useMembershipText();
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${splitPrefix(location.pathname).path}${location.search}`;
  const n = (x: number) => formatNumber(lang, x);
  const pts = (x: number) => t('membership.confirm.points', { points: n(x) });
  const fanclub = card.fanclub;
  const wallet = card.wallet;
  const creatorId = card.creator.id;
  const username = card.creator.username ?? creatorId;
  const nickname = card.creator.nickname ?? card.creator.username ?? '';
  const [step, setStep] = useState<Step>('options');
  const [useOriginal, setUseOriginal] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [termsError, setTermsError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Message | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<Message | null>(null);
  const [retrySafe, setRetrySafe] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const pending = useRef<{ what: string; key: string } | null>(null);
  const sendingRef = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Back from the store with the shortfall bought: the flow as it was.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !wallet) return;
    restored.current = true;
    const saved = takeFlow(creatorId, flow);
    if (!saved) return;
    setUseOriginal(saved.useOriginal);
    setAgreed(saved.agreed);
    setNotice({ key: 'membership.flow.restored' });
  }, [wallet, creatorId, flow]);

  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step brings its heading into view
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.scrollIntoView({ block: 'start' });
    headingRef.current?.focus();
  }, [step]);

  if (!fanclub) return null;
  const isPass = flow.kind === 'pass';
  // Not the done state (kept after the card is read again): a fan who cannot join is told why.
  if (!(step === 'done' && result) && ((!isPass && card.join_refusal) || !wallet))
    return <JoinAction card={card} signedIn />;
  if (!wallet) return null;
  const price = fanclub.price;
  const plan = planPoints({
    points: price,
    mushroom: wallet.balance.mushroom,
    original: wallet.original_points,
    useOriginal,
  });
  const monthName = flow.kind === 'pass' ? formatMonth(lang, flow.month) : '';
  const postsPath = `/@${encodeURIComponent(username)}/posts`;

  if (step === 'done' && result) {
    return (
      <section className="fc-step done" aria-labelledby="fc-done-heading">
        <div className="alert alert--success" role="status">
          <h3 id="fc-done-heading" ref={headingRef} tabIndex={-1} className="done__heading">
            {result.kind === 'join' ? t('membership.done.joined') : t('membership.done.passBought')}
          </h3>
          <p>
            {result.kind === 'join'
              ? t('membership.done.joinedLead', {
                  name: fanclub.name,
                  points: n(result.data.points),
                  date: result.data.membership.renews_on
                    ? formatDate(lang, jstNoon(result.data.membership.renews_on))
                    : '',
                })
              : t('membership.done.passLead', {
                  month: formatMonth(lang, result.data.pass.month),
                  points: n(result.data.points),
                })}
          </p>
        </div>
        <BalanceAfter balance={result.data.balance.mushroom} />
        <div className="confirm__actions">
          <LangLink to={postsPath} className="btn btn--primary btn--block">
            {t('membership.done.toPosts')}
          </LangLink>
          <LangLink to="/home/fanclub" className="btn btn--secondary btn--block">
            {t('membership.done.toMemberships')}
          </LangLink>
        </div>
      </section>
    );
  }

  // Nothing to pay for (a member on the join page, a month that cannot be bought): the card says why.
  const passState =
    flow.kind === 'pass' ? fanclub.back_numbers.find((b) => b.month === flow.month)?.state : undefined;
  if (isPass && passState !== 'pass') {
    return (
      <div className="fc-action">
        <Alert kind="info">{t('membership.flow.passUnavailable')}</Alert>
        <LangLink to={`/@${encodeURIComponent(username)}/fanclub`}>
          {t('membership.flow.backToCard')}
        </LangLink>
      </div>
    );
  }

  const next = () => {
    if (!agreed) {
      setTermsError('validation.termsRequired');
      return;
    }
    setTermsError(null);
    setError(null);
    setRetrySafe(false);
    setStep('confirm');
  };

  const toStore = () => {
    saveFlow(creatorId, { flow, useOriginal, agreed });
    navigate(to(shortfallStorePath(plan.shortfall, here)));
  };

  const pay = async () => {
    if (sendingRef.current) return;
    sendingRef.current = true;
    setSending(true);
    setError(null);
    setRetrySafe(false);
    const what = `${flow.kind}|${flow.kind === 'pass' ? flow.month : ''}|${price}|${useOriginal}`;
    if (pending.current?.what !== what) pending.current = { what, key: newIdempotencyKey() };
    const common = {
      creator_id: creatorId,
      price,
      use_original_points: useOriginal,
      agree_terms: true as const,
      key: pending.current.key,
    };
    try {
      const r =
        flow.kind === 'pass'
          ? await buyBackNumber({ ...common, month: flow.month }).then((x) =>
              x?.ok ? ({ ok: true, result: { kind: 'pass', data: x.data } } as const) : x,
            )
          : await joinFanclub(common).then((x) =>
              x?.ok ? ({ ok: true, result: { kind: 'join', data: x.data } } as const) : x,
            );
      if (r === null) return;
      pending.current = null;
      if (!r.ok) {
        setError({ key: r.body.issues?.[0]?.message ?? 'errors.validation' });
        return;
      }
      setResult(r.result);
      setStep('done');
      balancesMoved();
      reload();
    } catch (err) {
      if (mayHaveCharged(err)) setRetrySafe(true);
      else pending.current = null;
      setError(errorMessage(err, 'errors.communication'));
      // The price or the balance changed: show the fan club as it is now.
      if (err instanceof ApiError && err.status === 409) reload();
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  if (step === 'confirm') {
    const renewal = renewalOfJoinAt(now());
    const rows: [string, ReactNode][] = [
      ['fanclub', fanclub.name],
      ['creator', nickname],
    ];
    if (flow.kind === 'pass') rows.push(['month', monthName], ['passPrice', pts(price)]);
    else rows.push(['price', t('membership.card.perMonth', { price: n(price) })]);
    if (plan.fromOriginal > 0) rows.push(['fromOriginal', pts(plan.fromOriginal)]);
    rows.push(['fromMushroom', pts(plan.fromMushroom)], ['after', n(plan.mushroomAfter)]);
    if (plan.fromOriginal > 0) rows.push(['originalAfter', n(plan.originalAfter)]);
    if (flow.kind === 'join') {
      rows.push(
        ['renewsOn', formatDate(lang, jstNoon(renewal.renewsOn))],
        ['renewal', t('membership.confirm.renewalValue', { day: renewal.day })],
      );
    } else rows.push(['passTerm', t('membership.confirm.passTermValue')]);
    rows.push(['cancel', t('membership.confirm.cancelValue')]);
    return (
      <section className="fc-step confirm" aria-labelledby="fc-confirm-heading">
        <h3 id="fc-confirm-heading" ref={headingRef} tabIndex={-1} className="section-title">
          {t('membership.confirm.heading')}
        </h3>
        <p className="small">{t('membership.confirm.lead')}</p>
        <dl className="shop-confirm">
          {rows.map(([key, value]) => (
            <div key={key} data-testid={`confirm-${key}`}>
              <dt>{t(`membership.confirm.${key}`)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {error ? (
          <Alert kind="error">
            {text(error)}
            {retrySafe ? <> {t('membership.confirm.retrySafe')}</> : null}
          </Alert>
        ) : null}
        <div className="confirm__actions">
          <Button
            className="btn--block"
            onClick={() => void pay()}
            busy={sending}
            busyLabel={t('membership.confirm.sending')}
          >
            {isPass
              ? t('membership.confirm.submitPass', { points: n(price) })
              : t('membership.confirm.submitJoin', { points: n(price) })}
          </Button>
          <Button
            variant="secondary"
            className="btn--block"
            onClick={() => setStep('options')}
            disabled={sending}
          >
            {t('membership.confirm.back')}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <section className="fc-step" aria-labelledby="fc-flow-heading">
      <h3 id="fc-flow-heading" ref={headingRef} tabIndex={-1} className="section-title">
        {isPass ? `${t('membership.flow.passHeading')}（${monthName}）` : t('membership.flow.joinHeading')}
      </h3>
      {notice ? <Alert kind="info">{text(notice)}</Alert> : null}
      {error ? <Alert kind="error">{text(error)}</Alert> : null}
      {wallet.original_points > 0 ? (
        <label className="choice">
          <input type="checkbox" checked={useOriginal} onChange={(e) => setUseOriginal(e.target.checked)} />
          <span className="choice__label">
            {t('membership.flow.useOriginal', { nickname, points: n(wallet.original_points) })}
          </span>
        </label>
      ) : null}
      <p className="small muted">{t('membership.flow.leavesNote')}</p>
      <PointSums
        balance={wallet.balance.mushroom}
        total={price}
        totalLabel={t('membership.flow.total')}
        testId="fc-flow"
      />
      {plan.shortfall > 0 ? (
        <Shortfall shortfall={plan.shortfall}>
          <Button className="btn--block" onClick={toStore}>
            {t('shop.flow.buyShortfall', { shortfall: n(plan.shortfall) })}
          </Button>
        </Shortfall>
      ) : (
        <>
          <TermsAgreement
            agreed={agreed}
            onChange={(v) => {
              setAgreed(v);
              if (v) setTermsError(null);
            }}
            error={termsError}
          />
          <Button className="btn--block" onClick={next}>
            {t('membership.flow.next')}
          </Button>
        </>
      )}
    </section>
  );
}
