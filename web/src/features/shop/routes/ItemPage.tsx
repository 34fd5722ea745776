import { ROLE } from '@app/shared/roles';
import { ITEM_ID_RE, type PurchaseResponse, type ShopItemView } from '@app/shared/schemas/shop';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { usePageHead } from '../../../app/page-head.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Avatar } from '../../../components/Avatar.tsx';
import { BackIcon } from '../../../components/BackIcon.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { splitPrefix } from '../../../lib/lang.ts';
import { loginPathWithReturn } from '../../../lib/return-to.ts';
import { hasSession, loginPathFor, useAuth } from '../../../lib/session.ts';
import { formatDateTime, formatNumber } from '../../points/format.ts';
import { errorMessage, type Message } from '../../store/messages.ts';
import { mayHaveCharged, newIdempotencyKey } from '../../store/purchase-key.ts';
import { getShopItem } from '../api/getShopItem.ts';
import { purchaseWithPoints } from '../api/purchaseWithPoints.ts';
import { setCartLine } from '../api/setCartLine.ts';
import { Disclosure } from '../components/Disclosure.tsx';
import { Gallery } from '../components/Gallery.tsx';
import { PurchaseConfirm, PurchaseDone, PurchaseOptions } from '../components/PurchaseSteps.tsx';
import { refusalMessage, useShopText } from '../messages.ts';
import { planPoints, saveFlow, shortfallStorePath, takeFlow } from '../purchase-plan.ts';
import '../shop.css';

type Load =
  | { state: 'loading' }
  | { state: 'ok'; item: ShopItemView }
  | { state: 'notFound' }
  | { state: 'error'; message: Message };

type Step = 'view' | 'options' | 'confirm' | 'done';

/** Every balance shown elsewhere (the point screens' cache) is read again after a purchase. */
function balancesMoved() {
  void Promise.all([import('../../../lib/query-client.ts'), import('../../points/cache.ts')]).then(
    ([q, points]) => points.pointsMoved(q.queryClient),
  );
}

function useItem(itemId: string, signedIn: boolean) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [version, setVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the session changes or on reload
  useEffect(() => {
    if (!itemId) return;
    let live = true;
    getShopItem(itemId, { quiet: version > 0 })
      .then((r) => {
        if (!live || !r) return;
        setLoad(r.ok ? { state: 'ok', item: r.data } : { state: 'notFound' });
      })
      .catch((err: unknown) => {
        if (!live) return;
        if (err instanceof ApiError && err.status === 404) setLoad({ state: 'notFound' });
        else setLoad({ state: 'error', message: errorMessage(err) });
      });
    return () => {
      live = false;
    };
  }, [itemId, signedIn, version]);
  return { load, reload: () => setVersion((v) => v + 1) };
}

function TopBar({ item }: { item: ShopItemView | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { to } = useLang();
  const role = useAuth().profile?.role_id;
  const inCart = item?.viewer?.in_cart ?? 0;
  const back = () => {
    if (window.history.length > 1) navigate(-1);
    else navigate(to(item?.creator.username ? `/@${item.creator.username}` : '/'));
  };
  return (
    <div className="shop-bar">
      <button type="button" className="shop-bar__back" onClick={back} aria-label={t('shop.item.back')}>
        <BackIcon />
      </button>
      <p className="shop-bar__title">{item?.shop.shop_name ?? item?.creator.nickname ?? ''}</p>
      {role === ROLE.FAN || role === ROLE.USER ? (
        <LangLink to="/mypage/cart" className="shop-bar__cart">
          {inCart > 0 ? t('shop.item.toCartCount', { count: inCart }) : t('shop.item.toCart')}
        </LangLink>
      ) : null}
    </div>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="page page--center" aria-labelledby="item-not-found">
      <h1 id="item-not-found" className="page__title">
        {t('shop.item.notFound.heading')}
      </h1>
      <p className="muted">{t('shop.item.notFound.lead')}</p>
      <p>
        {hasSession() ? (
          <LangLink to="/home" className="btn btn--secondary">
            {t('shop.item.notFound.toHome')}
          </LangLink>
        ) : (
          <LangLink to="/" className="btn btn--secondary">
            {t('shop.item.notFound.toTop')}
          </LangLink>
        )}
      </p>
    </section>
  );
}

/** Price, sale state, stock label and the sensitive note. */
function Facts({ item }: { item: ShopItemView }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const n = (x: number) => formatNumber(lang, x);
  return (
    <div className="shop-facts">
      <p className="shop-facts__type small muted">{t(`shop.item.types.${item.item_type}`)}</p>
      <h1 id="item-name" className="shop-facts__name">
        {item.name}
      </h1>
      <p className="shop-facts__price">
        <strong data-testid="item-price">{t('shop.item.price', { price: n(item.price) })}</strong>
        <span className="shop-facts__points">{t('shop.item.points', { points: n(item.points) })}</span>
      </p>
      <p className="shop-facts__labels">
        <span className={`shop-label shop-label--${item.sale_state}`} data-testid="sale-state">
          {t(`shop.item.saleState.${item.sale_state}`)}
        </span>
        {item.stock_label ? (
          <span className={`shop-label shop-label--${item.stock_label}`} data-testid="stock-label">
            {t(`shop.item.stock.${item.stock_label}`)}
          </span>
        ) : null}
        {item.remaining !== null && item.stock_label !== 'sold_out' ? (
          <span className="shop-label">{t('shop.item.remaining', { count: item.remaining })}</span>
        ) : null}
      </p>
      {item.sale_state === 'scheduled' && item.open_at ? (
        <p className="small">{t('shop.item.saleFrom', { date: formatDateTime(lang, item.open_at) })}</p>
      ) : null}
      {item.sale_state === 'on_sale' && item.close_at ? (
        <p className="small">{t('shop.item.saleUntil', { date: formatDateTime(lang, item.close_at) })}</p>
      ) : null}
      {item.sensitive ? <p className="shop-facts__sensitive small">{t('shop.item.sensitive')}</p> : null}
    </div>
  );
}

function Details({ item }: { item: ShopItemView }) {
  const { t } = useTranslation();
  const { contents } = item;
  const includes: string[] = [];
  if (contents.images > 0) includes.push(t('shop.item.includes.images', { count: contents.images }));
  if (contents.zip) includes.push(t('shop.item.includes.zip'));
  if (contents.video) includes.push(t('shop.item.includes.video'));
  return (
    <>
      <section className="shop-section" aria-labelledby="item-description">
        <h2 id="item-description" className="section-title">
          {t('shop.item.description')}
        </h2>
        <p className="shop-section__text">{item.description}</p>
      </section>
      <section className="shop-section" aria-labelledby="item-includes">
        <h2 id="item-includes" className="section-title">
          {t('shop.item.includes.heading')}
        </h2>
        {includes.length > 0 ? (
          <ul className="shop-includes">
            {includes.map((x) => (
              <li key={x}>{x}</li>
            ))}
          </ul>
        ) : null}
        <p className="small">
          {item.item_type === 'physical' ? t('shop.item.includes.physical') : t('shop.item.includes.digital')}
        </p>
      </section>
      <section className="shop-section" aria-labelledby="item-creator">
        <h2 id="item-creator" className="section-title">
          {t('shop.item.creator.heading')}
        </h2>
        <div className="shop-creator">
          <Avatar peer={item.creator} size={40} />
          <span className="shop-creator__name">{item.creator.nickname}</span>
          {item.creator.username ? (
            <LangLink to={`/@${item.creator.username}`} className="shop-creator__link">
              {t('shop.item.creator.profile')}
            </LangLink>
          ) : null}
        </div>
      </section>
      <Disclosure item={item} />
    </>
  );
}

function ItemScreen({ item, reload }: { item: ShopItemView; reload: () => void }) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const text = useShopText();
  const navigate = useNavigate();
  const location = useLocation();
  const auth = useAuth();
  const viewer = item.viewer;
  const role = auth.profile?.role_id ?? null;
  const [step, setStep] = useState<Step>('view');
  const [quantity, setQuantity] = useState(1);
  const [useOriginal, setUseOriginal] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [termsError, setTermsError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Message | null>(null);
  const [cartNotice, setCartNotice] = useState<{ kind: 'success' | 'error'; message: Message } | null>(null);
  const [adding, setAdding] = useState(false);
  const [sending, setSending] = useState(false);
  const [buyError, setBuyError] = useState<Message | null>(null);
  const [retrySafe, setRetrySafe] = useState(false);
  const [result, setResult] = useState<PurchaseResponse | null>(null);
  const pending = useRef<{ what: string; key: string } | null>(null);
  const sendingRef = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const here = splitPrefix(location.pathname).path;

  // Back from the store with the shortfall bought: the flow as it was.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !viewer) return;
    restored.current = true;
    const saved = takeFlow(item.id);
    if (!saved) return;
    setQuantity(Math.min(saved.quantity, item.max_quantity));
    setUseOriginal(saved.useOriginal);
    setAgreed(saved.agreed);
    setNotice({ key: 'shop.flow.restored' });
    setStep('options');
  }, [viewer, item.id, item.max_quantity]);

  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      if (step === 'view') return;
    }
    if (step === 'view') return;
    headingRef.current?.scrollIntoView({ block: 'start' });
    headingRef.current?.focus();
  }, [step]);

  const total = item.points * quantity;
  const plan = planPoints({
    points: total,
    mushroom: viewer?.balance.mushroom ?? 0,
    original: viewer?.original_points ?? 0,
    useOriginal,
  });

  const isCreator = role === ROLE.CREATOR || role === ROLE.ADMIN || viewer?.refusal === 'creator_purchase';
  const refusal = viewer?.refusal && viewer.refusal !== 'creator_purchase' ? viewer.refusal : null;
  const own = viewer?.refusal === 'item_own' || (viewer !== null && item.creator.id === auth.profile?.id);

  const startBuy = () => {
    setNotice(null);
    setBuyError(null);
    setStep('options');
  };

  const addToCart = async () => {
    setAdding(true);
    setCartNotice(null);
    try {
      const r = await setCartLine({ item_id: item.id, quantity });
      if (r?.ok) {
        setCartNotice({ kind: 'success', message: { key: 'shop.item.added' } });
        reload();
      } else if (r)
        setCartNotice({
          kind: 'error',
          message: { key: r.body.issues?.[0]?.message ?? 'errors.validation' },
        });
    } catch (err) {
      setCartNotice({ kind: 'error', message: errorMessage(err) });
    } finally {
      setAdding(false);
    }
  };

  const next = () => {
    if (!agreed) {
      setTermsError('validation.termsRequired');
      return;
    }
    setTermsError(null);
    setBuyError(null);
    setRetrySafe(false);
    setStep('confirm');
  };

  const toStore = () => {
    saveFlow(item.id, { quantity, useOriginal, agreed });
    navigate(to(shortfallStorePath(plan.shortfall, here)));
  };

  const buy = async () => {
    if (sendingRef.current) return;
    sendingRef.current = true;
    setSending(true);
    setBuyError(null);
    setRetrySafe(false);
    const what = `${item.id}|${quantity}|${useOriginal}|${total}`;
    if (pending.current?.what !== what) pending.current = { what, key: newIdempotencyKey() };
    try {
      const r = await purchaseWithPoints({
        item_id: item.id,
        amount: quantity,
        payment_method: 'point',
        use_original_points: useOriginal,
        agree_terms: true,
        key: pending.current.key,
        expected_points: total,
      });
      if (r === null) return;
      pending.current = null;
      if (!r.ok) {
        setBuyError({ key: r.body.issues?.[0]?.message ?? 'errors.validation' });
        return;
      }
      setResult(r.data);
      setStep('done');
      balancesMoved();
    } catch (err) {
      if (mayHaveCharged(err)) setRetrySafe(true);
      else pending.current = null;
      setBuyError(errorMessage(err, 'errors.communication'));
      // The price, the stock or the balance changed: show the item as it is now.
      if (err instanceof ApiError && err.status === 409) reload();
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  let box: ReactNode;
  if (step === 'done' && result) {
    box = (
      <PurchaseDone
        item={item}
        result={result}
        headingRef={headingRef}
        onBack={() => {
          setResult(null);
          setStep('view');
          reload();
        }}
      />
    );
  } else if (step === 'confirm' && viewer) {
    box = (
      <PurchaseConfirm
        item={item}
        headingRef={headingRef}
        quantity={quantity}
        plan={plan}
        sending={sending}
        error={buyError}
        retrySafe={retrySafe}
        onBuy={() => void buy()}
        onBack={() => setStep('options')}
      />
    );
  } else if (step === 'options' && viewer && !refusal && !isCreator) {
    box = (
      <PurchaseOptions
        item={item}
        viewer={viewer}
        headingRef={headingRef}
        quantity={quantity}
        onQuantity={setQuantity}
        useOriginal={useOriginal}
        onUseOriginal={setUseOriginal}
        agreed={agreed}
        onAgreed={(v) => {
          setAgreed(v);
          if (v) setTermsError(null);
        }}
        termsError={termsError}
        plan={plan}
        notice={notice}
        onNext={next}
        onShortfall={toStore}
        onCancel={() => setStep('view')}
      />
    );
  } else if (own) {
    // The creator's own item: the preview note above says it all.
    box = null;
  } else if (isCreator) {
    // Before the guest's prompt: an operator's token reads the item as a guest's (no viewer).
    box = (
      <div className="shop-buy">
        <Alert kind="info">{t('errors.creatorPurchase')}</Alert>
      </div>
    );
  } else if (!viewer) {
    box = (
      <div className="shop-buy">
        <Alert kind="info">{t('shop.item.guest.prompt')}</Alert>
        <LangLink className="btn btn--primary btn--block" to={loginPathWithReturn(loginPathFor(null), here)}>
          {t('shop.item.guest.login')}
        </LangLink>
      </div>
    );
  } else if (viewer.owned_line_id) {
    box = (
      <div className="shop-buy">
        <Alert kind="success">{t('shop.item.owned')}</Alert>
        <LangLink className="btn btn--primary btn--block" to={`/library/${viewer.owned_line_id}`}>
          {t('shop.item.openLibrary')}
        </LangLink>
      </div>
    );
  } else {
    box = (
      <div className="shop-buy">
        {refusal ? (
          <Alert kind="warning">
            <span data-testid="refusal">
              {text(refusalMessage(refusal, { remaining: item.remaining ?? 0 }))}
            </span>
          </Alert>
        ) : null}
        {buyError && step === 'view' ? <Alert kind="error">{text(buyError)}</Alert> : null}
        {viewer.in_cart > 0 ? (
          <p className="small">
            {t('shop.item.inCart', { count: viewer.in_cart })}{' '}
            <LangLink to="/mypage/cart">{t('shop.item.viewCart')}</LangLink>
          </p>
        ) : null}
        <Button className="btn--block" disabled={refusal !== null} onClick={startBuy}>
          {t('shop.item.buy')}
        </Button>
        <Button
          variant="secondary"
          className="btn--block"
          disabled={refusal !== null}
          busy={adding}
          onClick={() => void addToCart()}
        >
          {t('shop.item.addToCart')}
        </Button>
        <div aria-live="polite">
          {cartNotice ? (
            <Alert kind={cartNotice.kind}>
              {text(cartNotice.message)}{' '}
              {cartNotice.kind === 'success' ? (
                <LangLink to="/mypage/cart">{t('shop.item.viewCart')}</LangLink>
              ) : null}
            </Alert>
          ) : null}
        </div>
      </div>
    );
  }

  return (
    <article className="shop-item" aria-labelledby="item-name" lang={lang}>
      <TopBar item={item} />
      <div className="shop-item__body">
        {own ? <Alert kind="info">{t('shop.item.ownPreview')}</Alert> : null}
        <Gallery item={item} />
        <Facts item={item} />
        {box}
        {step === 'view' ? <Details item={item} /> : null}
      </div>
    </article>
  );
}

/** /shop/item/{item_id}: the item page (no header), open to guests, with the purchase flow. */
export default function ItemPage() {
  const { t } = useTranslation();
  const text = useShopText();
  const { itemId = '' } = useParams();
  const signedIn = useAuth().profile !== null;
  const valid = ITEM_ID_RE.test(itemId);
  const { load, reload } = useItem(valid ? itemId : '', signedIn);
  usePageHead(
    load.state === 'ok'
      ? { title: load.item.name, description: load.item.description.slice(0, 120) || undefined }
      : load.state === 'notFound' || !valid
        ? { title: t('shop.item.notFound.heading') }
        : null,
  );
  if (!valid || load.state === 'notFound') return <NotFound />;
  if (load.state === 'loading') return <Spinner />;
  if (load.state === 'error') {
    return (
      <section className="page">
        <Alert kind="error">{text(load.message)}</Alert>
      </section>
    );
  }
  return <ItemScreen item={load.item} reload={reload} />;
}
