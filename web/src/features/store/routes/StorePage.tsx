import type { CardView, CreatePaymentResponse, StoreResponse } from '@app/shared/schemas/store';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { RequireAuth } from '../../../app/RequireAuth.tsx';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { SessionEnded, unwrap, ValidationFailed } from '../../../lib/query.ts';
import { loginPathFor } from '../../../lib/session.ts';
import { logout } from '../../auth/api/logout.ts';
import { resetAccount } from '../../mypage/account-store.ts';
import { pointsMoved } from '../../points/cache.ts';
import { BalanceSummary } from '../../points/components/BalanceSummary.tsx';
import { createPayment } from '../api/createPayment.ts';
import { getStore } from '../api/getStore.ts';
import { cardAdded, cardDeleted, customerCreated, storeKeys, useCards } from '../cache.ts';
import { AMOUNT_PARAM, storeReturnOf } from '../components/BuyLink.tsx';
import { CardSection } from '../components/CardSection.tsx';
import { ConfirmPurchase } from '../components/ConfirmPurchase.tsx';
import { PurchaseLegalLinks } from '../components/LegalLinks.tsx';
import { PackPicker } from '../components/PackPicker.tsx';
import { PurchaseDone } from '../components/PurchaseDone.tsx';
import { errorMessage, localizeParams, type Message, validationMessage } from '../messages.ts';
import { checkAmount, parseAmount, priceOf } from '../price.ts';
import { mayHaveCharged, newIdempotencyKey } from '../purchase-key.ts';
import { BuyerVerificationError, billingContactOf, verifyBuyer } from '../square-sdk.ts';
import '../store.css';

type Step = 'select' | 'confirm' | 'done';

const storeKey = storeKeys.store;

/** Creators and admins may not buy: the message and a way out. */
function CreatorNotice() {
  const { t } = useTranslation();
  const { to } = useLang();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const onLogout = async () => {
    setLeaving(true);
    const loginPath = loginPathFor(null);
    await logout();
    resetAccount();
    navigate(to(loginPath), { replace: true, state: { notice: 'loggedOut' } });
  };
  return (
    <div className="store__creator">
      <Alert kind="info">{t('store.creator.message')}</Alert>
      <p>{t('store.creator.hint')}</p>
      <Button
        variant="secondary"
        onClick={onLogout}
        busy={leaving}
        busyLabel={t('common.actions.loggingOut')}
      >
        {t('store.creator.logout')}
      </Button>
    </div>
  );
}

/** A fan whose sign-up is unfinished: the way there, before any card form. */
function Incomplete() {
  const { t } = useTranslation();
  return (
    <>
      <Alert kind="info">{t('store.incomplete')}</Alert>
      <LangLink to="/home" className="btn btn--primary btn--block">
        {t('store.toSignup')}
      </LangLink>
    </>
  );
}

function Purchase({ store, onReload }: { store: StoreResponse; onReload: () => void }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [step, setStep] = useState<Step>('select');
  const location = useLocation();
  const queryClient = useQueryClient();
  // `?amount=` (the shortfall an item page sends) preselects that quantity, raised to the minimum.
  const [amountText, setAmountText] = useState(() => {
    const asked = parseAmount(new URLSearchParams(location.search).get(AMOUNT_PARAM) ?? '');
    return String(asked === null ? (store.packs[1]?.mushrooms ?? store.min) : Math.max(asked, store.min));
  });
  const customerId = store.customer_id;
  const cardsQuery = useCards(customerId);
  const cards: CardView[] | null = customerId === null ? [] : (cardsQuery.data ?? null);
  const cardsError: Message | null =
    !cardsQuery.error || cardsQuery.error instanceof SessionEnded
      ? null
      : cardsQuery.error instanceof ValidationFailed
        ? { key: cardsQuery.error.body.issues?.[0]?.message ?? 'errors.validation' }
        : errorMessage(cardsQuery.error);
  const [cardId, setCardId] = useState<string | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<{ amount?: Message; card?: string; terms?: string }>({});
  const [sending, setSending] = useState(false);
  const [payError, setPayError] = useState<Message | null>(null);
  /** The last failure may have charged the card: a retry sends the same key, and says so. */
  const [retrySafe, setRetrySafe] = useState(false);
  const [result, setResult] = useState<CreatePaymentResponse | null>(null);
  /** The idempotency key of the purchase being confirmed, bound to what it buys with which card. */
  const pending = useRef<{ what: string; uuid: string } | null>(null);
  const sendingRef = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLDivElement>(null);

  // A card is always chosen when there is one.
  useEffect(() => {
    if (cards && cards.length > 0 && !cards.some((c) => c.id === cardId)) setCardId(cards[0]?.id ?? null);
    if (cards && cards.length === 0 && cardId !== null) setCardId(null);
  }, [cards, cardId]);

  // Each step starts at its heading, for screen readers and keyboards alike; back on the form,
  // focus returns to the button that led to the confirmation.
  const nextRef = useRef<HTMLButtonElement>(null);
  const visited = useRef(false);
  useEffect(() => {
    if (step === 'select') {
      if (visited.current) nextRef.current?.focus();
      return;
    }
    visited.current = true;
    window.scrollTo(0, 0);
    headingRef.current?.focus();
  }, [step]);

  const card = cards?.find((c) => c.id === cardId) ?? null;
  const check = checkAmount(amountText, store);
  const amount = check.ok ? check.amount : null;
  const price = amount === null ? 0 : priceOf(amount, store.yen_per_mushroom);

  const next = () => {
    const found: typeof errors = {};
    if (!check.ok) found.amount = { key: check.key, params: check.params };
    if (!card) found.card = 'validation.cardRequired';
    if (!agreed) found.terms = 'validation.termsRequired';
    setErrors(found);
    if (Object.keys(found).length) {
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setPayError(null);
    setRetrySafe(false);
    setStep('confirm');
  };

  const buy = async () => {
    if (sendingRef.current || amount === null || !card || !customerId) return;
    sendingRef.current = true;
    setSending(true);
    setPayError(null);
    setRetrySafe(false);
    const what = `${amount}|${card.id}`;
    if (pending.current?.what !== what) pending.current = { what, uuid: newIdempotencyKey() };
    const { uuid } = pending.current;
    try {
      // 3-D Secure in the sandbox and production (a fresh, single-use token for every attempt).
      const verificationToken = await verifyBuyer(store.square, card.id, {
        intent: 'CHARGE',
        amount: String(price),
        currencyCode: 'JPY',
        billingContact: billingContactOf(card.cardholder_name),
      });
      const r = await createPayment({
        uuid,
        customerId,
        sourceId: card.id,
        price,
        amount,
        ...(verificationToken ? { verificationToken } : {}),
      });
      if (r === null) return;
      if (!r.ok) {
        pending.current = null;
        setPayError(validationMessage(r, { min: store.min, max: store.max }));
        return;
      }
      pending.current = null;
      setResult(r.data);
      // The new balance at once here, and every other balance shown anywhere read again.
      queryClient.setQueryData<StoreResponse>(storeKey, (s) => (s ? { ...s, balance: r.data.balance } : s));
      void pointsMoved(queryClient);
      setAgreed(false);
      setStep('done');
    } catch (err) {
      if (err instanceof BuyerVerificationError) {
        // Nothing was sent: the key stays for the next try.
        setPayError({ key: 'store.confirm.verifyFailed' });
        return;
      }
      // Only when the charge may exist does a retry send the same key; after any other answer
      // this purchase is over and trying again is a new one.
      if (mayHaveCharged(err)) setRetrySafe(true);
      else pending.current = null;
      setPayError(errorMessage(err, 'errors.paymentFailed'));
      // A cap reached since the page was loaded: show the fresh limits.
      if (
        err instanceof ApiError &&
        (err.code === 'purchase_daily_limit' || err.code === 'purchase_minor_limit')
      ) {
        onReload();
      }
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  if (step === 'confirm' && card && amount !== null) {
    return (
      <ConfirmPurchase
        headingRef={headingRef}
        amount={amount}
        price={price}
        unitPrice={store.yen_per_mushroom}
        taxRate={store.tax_rate}
        card={card}
        sending={sending}
        error={payError}
        retrySafe={retrySafe}
        onBuy={() => void buy()}
        onBack={() => setStep('select')}
      />
    );
  }
  if (step === 'done' && result) {
    return (
      <PurchaseDone
        headingRef={headingRef}
        result={result}
        returnTo={storeReturnOf(location.state, location.search)}
        onAgain={() => {
          setResult(null);
          setStep('select');
          onReload();
          requestAnimationFrame(() => {
            window.scrollTo(0, 0);
            document.getElementById('store-heading')?.focus();
          });
        }}
      />
    );
  }

  return (
    <div ref={formRef}>
      <p className="page__lead">{t('store.lead')}</p>
      <BalanceSummary balance={store.balance} />
      <PackPicker
        store={store}
        value={amountText}
        onChange={(v) => {
          setAmountText(v);
          setErrors(({ amount: _gone, ...rest }) => rest);
        }}
        error={errors.amount ?? null}
      />
      <CardSection
        square={store.square}
        cards={cards}
        loadError={cardsError}
        selectedId={cardId}
        onSelect={(id) => {
          setCardId(id);
          setErrors(({ card: _gone, ...rest }) => rest);
        }}
        customerId={customerId}
        onCustomer={(id) => customerCreated(queryClient, id)}
        onAdded={(added) => {
          void cardAdded(queryClient, added);
          setCardId(added.id);
          setErrors(({ card: _gone, ...rest }) => rest);
        }}
        onDeleted={(id) => void cardDeleted(queryClient, id)}
        error={errors.card}
      />
      <div className={`field terms${errors.terms ? ' field--error' : ''}`}>
        <label className="choice terms__choice">
          <input
            type="checkbox"
            checked={agreed}
            aria-invalid={errors.terms ? true : undefined}
            aria-describedby={errors.terms ? 'terms-error' : undefined}
            onChange={(e) => {
              setAgreed(e.target.checked);
              setErrors(({ terms: _gone, ...rest }) => rest);
            }}
          />
          <span className="choice__label">{t('store.terms.agree')}</span>
        </label>
        <PurchaseLegalLinks />
        {errors.terms ? (
          <p id="terms-error" className="field__error" role="alert">
            {t(errors.terms)}
          </p>
        ) : null}
      </div>
      <div className="store__next">
        {amount !== null ? (
          <p className="store__next-total" aria-hidden="true">
            {t('store.quantity.total')}{' '}
            <strong>
              {t('store.quantity.totalValue', { price: localizeParams(lang, { price }).price })}
            </strong>
          </p>
        ) : null}
        <button ref={nextRef} type="button" className="btn btn--primary btn--block" onClick={next}>
          {t('store.next')}
        </button>
      </div>
    </div>
  );
}

function Store() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: storeKey,
    // Reloads (after a purchase or a refused one) happen in the background.
    queryFn: async () => unwrap(await getStore({ quiet: queryClient.getQueryData(storeKey) !== undefined })),
  });
  const store = query.data ?? null;
  const error: { message: Message; code?: string | undefined } | null =
    !query.error || query.error instanceof SessionEnded
      ? null
      : query.error instanceof ValidationFailed
        ? { message: { key: query.error.body.issues?.[0]?.message ?? 'errors.validation' } }
        : {
            message: errorMessage(query.error),
            code: query.error instanceof ApiError ? query.error.code : undefined,
          };

  return (
    <section className="page store" aria-labelledby="store-heading">
      <h1 id="store-heading" className="page__title" tabIndex={-1}>
        {t('store.heading')}
      </h1>
      {error ? (
        error.code === 'registration_incomplete' ? (
          <Incomplete />
        ) : error.code === 'creator_purchase' ? (
          <CreatorNotice />
        ) : (
          <Alert kind="error">{t(error.message.key, localizeParams(lang, error.message.params))}</Alert>
        )
      ) : !store ? (
        <Spinner />
      ) : store.can_purchase && !store.registration_complete ? (
        <Incomplete />
      ) : store.can_purchase ? (
        <Purchase store={store} onReload={() => void queryClient.invalidateQueries({ queryKey: storeKey })} />
      ) : (
        <CreatorNotice />
      )}
      {store?.can_purchase && store.registration_complete ? (
        <p className="store__history">
          <LangLink to="/mypage/points">{t('store.historyLink')}</LangLink>
        </p>
      ) : null}
    </section>
  );
}

/** /store: buy mushrooms with a card on file, through the final confirmation screen. */
export default function StorePage() {
  return (
    <RequireAuth>
      <Store />
    </RequireAuth>
  );
}
