import type { CartResponse, PurchaseResponse } from '@app/shared/schemas/shop';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { RequireAuth } from '../../../app/RequireAuth.tsx';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { queryErrorKey, unwrap } from '../../../lib/query.ts';
import { pointsMoved } from '../../points/cache.ts';
import { formatNumber } from '../../points/format.ts';
import { errorMessage, type Message } from '../../store/messages.ts';
import { mayHaveCharged, newIdempotencyKey } from '../../store/purchase-key.ts';
import { checkoutCart } from '../api/checkoutCart.ts';
import { deleteCartLine } from '../api/deleteCartLine.ts';
import { getCart } from '../api/getCart.ts';
import { setCartLine } from '../api/setCartLine.ts';
import { BalanceAfter, PointSums, Shortfall, TermsAgreement } from '../components/PurchaseSteps.tsx';
import { refusalMessage, useShopText } from '../messages.ts';
import { planCart, shortfallStorePath } from '../purchase-plan.ts';
import '../shop.css';

const cartKey = ['shop', 'cart'] as const;

type Step = 'lines' | 'confirm' | 'done';

function Line({
  line,
  busy,
  onQuantity,
  onRemove,
}: {
  line: CartResponse['lines'][number];
  busy: boolean;
  onQuantity: (q: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const text = useShopText();
  const n = (x: number) => formatNumber(lang, x);
  const quantityId = useId();
  const { item } = line;
  return (
    <li className="cart-line" data-testid="cart-line">
      {item.thumbnail ? (
        <img className="cart-line__thumb" src={item.thumbnail} alt="" />
      ) : (
        <span className="cart-line__thumb" />
      )}
      <div className="cart-line__body">
        <LangLink to={`/shop/item/${item.id}`} className="cart-line__name">
          {item.name}
        </LangLink>
        <p className="small muted">{line.creator.nickname ?? line.creator.username}</p>
        <p className="cart-line__points">{t('shop.cart.linePoints', { points: n(line.points) })}</p>
        {line.refusal ? (
          <p className="field__error" data-testid="line-refusal">
            {text(refusalMessage(line.refusal, { remaining: item.remaining ?? 0 }))}
          </p>
        ) : null}
        <div className="cart-line__actions">
          {line.max_quantity > 1 ? (
            <label htmlFor={quantityId} className="cart-line__quantity">
              <span>{t('shop.cart.quantity')}</span>
              <select
                id={quantityId}
                className="select"
                value={line.quantity}
                disabled={busy}
                onChange={(e) => onQuantity(Number(e.target.value))}
              >
                {Array.from({ length: Math.max(line.max_quantity, line.quantity) }, (_, i) => i + 1).map(
                  (q) => (
                    <option key={q} value={q}>
                      {n(q)}
                    </option>
                  ),
                )}
              </select>
            </label>
          ) : null}
          <Button
            variant="link"
            disabled={busy}
            onClick={onRemove}
            aria-label={t('shop.cart.removeLabel', { name: item.name })}
          >
            {t('shop.cart.remove')}
          </Button>
        </div>
      </div>
    </li>
  );
}

function Cart() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const text = useShopText();
  const n = (x: number) => formatNumber(lang, x);
  const client = useQueryClient();
  const query = useQuery({
    queryKey: cartKey,
    queryFn: async () => unwrap(await getCart({ quiet: client.getQueryData(cartKey) !== undefined })),
  });
  const cart = query.data;
  const [step, setStep] = useState<Step>('lines');
  const [useOriginal, setUseOriginal] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [termsError, setTermsError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; message: Message } | null>(null);
  const [sending, setSending] = useState(false);
  const [buyError, setBuyError] = useState<Message | null>(null);
  const [retrySafe, setRetrySafe] = useState(false);
  const [result, setResult] = useState<PurchaseResponse | null>(null);
  const pending = useRef<{ what: string; key: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (step !== 'lines') headingRef.current?.focus();
  }, [step]);

  const loadError = queryErrorKey(query.error);
  if (query.error && query.error instanceof ApiError && query.error.code === 'creator_purchase')
    return <Alert kind="info">{t('errors.creatorPurchase')}</Alert>;
  if (loadError) return <Alert kind="error">{text(loadError)}</Alert>;
  if (!cart) return <Spinner />;

  const change = async (call: () => ReturnType<typeof setCartLine>, done: string) => {
    setBusy(true);
    setNotice(null);
    try {
      const r = await call();
      if (r?.ok) {
        client.setQueryData(cartKey, r.data);
        setNotice({ kind: 'success', message: { key: done } });
      } else if (r)
        setNotice({ kind: 'error', message: { key: r.body.issues?.[0]?.message ?? 'errors.validation' } });
    } catch (err) {
      setNotice({ kind: 'error', message: errorMessage(err) });
      void client.invalidateQueries({ queryKey: cartKey });
    } finally {
      setBusy(false);
    }
  };

  const plan = planCart({
    lines: cart.lines.map((l) => ({ creatorId: l.creator.id, points: l.points })),
    mushroom: cart.balance.mushroom,
    original: cart.original_points,
    useOriginal,
  });
  const blocked = cart.lines.some((l) => l.refusal !== null);
  const originals = cart.lines
    .map((l) => l.creator)
    .filter(
      (c, i, all) => all.findIndex((x) => x.id === c.id) === i && (cart.original_points[c.id] ?? 0) > 0,
    );

  const checkout = async () => {
    if (sending) return;
    setSending(true);
    setBuyError(null);
    setRetrySafe(false);
    const what = `${cart.total_points}|${useOriginal}|${cart.lines.map((l) => `${l.item.id}x${l.quantity}`).join(',')}`;
    if (pending.current?.what !== what) pending.current = { what, key: newIdempotencyKey() };
    try {
      const r = await checkoutCart({
        use_original_points: useOriginal,
        agree_terms: true,
        key: pending.current.key,
        expected_points: cart.total_points,
      });
      if (r === null) return;
      pending.current = null;
      if (!r.ok) {
        setBuyError({ key: r.body.issues?.[0]?.message ?? 'errors.validation' });
        return;
      }
      setResult(r.data);
      setStep('done');
      client.setQueryData<CartResponse>(cartKey, (c) =>
        c ? { ...c, lines: [], total_points: 0, balance: r.data.balance } : c,
      );
      void pointsMoved(client);
    } catch (err) {
      if (mayHaveCharged(err)) setRetrySafe(true);
      else pending.current = null;
      setBuyError(errorMessage(err));
      if (err instanceof ApiError && err.status === 409) {
        void client.invalidateQueries({ queryKey: cartKey });
        setStep('lines');
        setNotice({ kind: 'error', message: errorMessage(err) });
      }
    } finally {
      setSending(false);
    }
  };

  if (step === 'done' && result) {
    return (
      <section className="shop-step done" aria-labelledby="cart-done">
        <div className="alert alert--success" role="status">
          <h2 id="cart-done" ref={headingRef} tabIndex={-1} className="done__heading">
            {t('shop.done.heading')}
          </h2>
          <p>{t('shop.cart.done', { count: result.line_ids.length, points: n(result.points) })}</p>
        </div>
        <BalanceAfter balance={result.balance.mushroom} />
        <div className="confirm__actions">
          <LangLink to="/library" className="btn btn--primary btn--block">
            {t('shop.cart.toLibrary')}
          </LangLink>
        </div>
      </section>
    );
  }

  if (step === 'confirm') {
    const pts = (x: number) => t('shop.item.points', { points: n(x) });
    return (
      <section className="shop-step confirm" aria-labelledby="cart-confirm">
        <h2 id="cart-confirm" ref={headingRef} tabIndex={-1} className="section-title">
          {t('shop.cart.confirmHeading')}
        </h2>
        <p className="small">{t('shop.confirm.lead')}</p>
        <ul className="cart-confirm__lines">
          {cart.lines.map((l) => (
            <li key={l.item.id}>
              <span>
                {l.item.name} × {n(l.quantity)}
              </span>
              <span>{pts(l.points)}</span>
            </li>
          ))}
        </ul>
        <dl className="shop-confirm">
          <div data-testid="confirm-total">
            <dt>{t('shop.confirm.total')}</dt>
            <dd>
              <strong className="confirm__total">{pts(cart.total_points)}</strong>
            </dd>
          </div>
          {plan.fromOriginal > 0 ? (
            <div>
              <dt>{t('shop.confirm.fromOriginal')}</dt>
              <dd>{pts(plan.fromOriginal)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('shop.confirm.fromMushroom')}</dt>
            <dd>{pts(plan.fromMushroom)}</dd>
          </div>
          <div data-testid="confirm-after">
            <dt>{t('shop.confirm.after')}</dt>
            <dd>{n(plan.mushroomAfter)}</dd>
          </div>
          <div>
            <dt>{t('shop.confirm.timing')}</dt>
            <dd>{t('shop.confirm.timingValue')}</dd>
          </div>
          <div>
            <dt>{t('shop.confirm.cancel')}</dt>
            <dd>{t('shop.confirm.cancelValue')}</dd>
          </div>
        </dl>
        <p className="small">{t('shop.cart.allOrNothing')}</p>
        {buyError ? (
          <Alert kind="error">
            {text(buyError)}
            {retrySafe ? <> {t('shop.confirm.retrySafe')}</> : null}
          </Alert>
        ) : null}
        <div className="confirm__actions">
          <Button
            className="btn--block"
            busy={sending}
            busyLabel={t('shop.confirm.sending')}
            onClick={() => void checkout()}
          >
            {t('shop.confirm.submit')}
          </Button>
          <Button
            variant="secondary"
            className="btn--block"
            disabled={sending}
            onClick={() => setStep('lines')}
          >
            {t('shop.confirm.back')}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <>
      <div aria-live="polite">{notice ? <Alert kind={notice.kind}>{text(notice.message)}</Alert> : null}</div>
      {cart.lines.length === 0 ? (
        <p className="muted">{t('shop.cart.empty')}</p>
      ) : (
        <>
          <p className="small muted">{t('shop.cart.count', { count: cart.lines.length })}</p>
          <ul className="cart-lines">
            {cart.lines.map((line) => (
              <Line
                key={line.item.id}
                line={line}
                busy={busy}
                onQuantity={(q) =>
                  void change(() => setCartLine({ item_id: line.item.id, quantity: q }), 'shop.cart.updated')
                }
                onRemove={() =>
                  void change(() => deleteCartLine({ item_id: line.item.id }), 'shop.cart.removed')
                }
              />
            ))}
          </ul>
          <PointSums
            balance={cart.balance.mushroom}
            total={cart.total_points}
            totalLabel={t('shop.cart.total')}
            testId="cart"
          />
          {originals.length > 0 ? (
            <label className="choice">
              <input
                type="checkbox"
                checked={useOriginal}
                onChange={(e) => setUseOriginal(e.target.checked)}
              />
              <span className="choice__label">
                {t('shop.cart.useOriginal', {
                  list: originals
                    .map((c) =>
                      t('shop.cart.originalOf', {
                        nickname: c.nickname ?? c.username ?? '',
                        points: n(cart.original_points[c.id] ?? 0),
                      }),
                    )
                    .join('、'),
                })}
              </span>
            </label>
          ) : null}
          <p className="small">{t('shop.cart.allOrNothing')}</p>
          {blocked ? <Alert kind="warning">{t('shop.cart.blocked')}</Alert> : null}
          {plan.shortfall > 0 ? (
            <Shortfall shortfall={plan.shortfall}>
              <LangLink
                to={shortfallStorePath(plan.shortfall, '/mypage/cart')}
                className="btn btn--primary btn--block"
              >
                {t('shop.flow.buyShortfall', { shortfall: n(plan.shortfall) })}
              </LangLink>
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
              <Button
                className="btn--block"
                disabled={blocked || busy}
                onClick={() => {
                  if (!agreed) return setTermsError('validation.termsRequired');
                  setBuyError(null);
                  setStep('confirm');
                }}
              >
                {t('shop.cart.next')}
              </Button>
            </>
          )}
        </>
      )}
      <p className="small">
        <LangLink to="/home">{t('shop.cart.continue')}</LangLink>
      </p>
    </>
  );
}

/** /mypage/cart (mypage-cart): lines from any shops, quantities, removal, checkout all or nothing. */
export default function CartPage() {
  const { t } = useTranslation();
  return (
    <RequireAuth>
      <section className="page shop-cart" aria-labelledby="cart-heading">
        <h1 id="cart-heading" className="page__title" tabIndex={-1}>
          {t('shop.cart.heading')}
        </h1>
        <Cart />
      </section>
    </RequireAuth>
  );
}
