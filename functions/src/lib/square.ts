/**
 * The card processor: the `square` SDK against Square (SQUARE_API_URL = https://connect.squareup.com
 * or the sandbox) in AWS, and against the local Square stand-in (scripts/local/square.ts) locally.
 *
 * Every Square failure surfaces as a CardError classified into the card errors of spec section 8.
 * The SDK never retries (maxRetries 0): callers retry with the same idempotency key, which Square
 * answers with the original result. Never log card data, nonces, card ids or the access token.
 */
import type { CardErrorCode } from '@app/shared/errors';
import { type Square, SquareClient, SquareError, SquareTimeoutError } from 'square';
import { CardError, type GatewayCard, type GatewayPayment, type PaymentGateway } from './payment-gateway.ts';

/** Long enough for an issuer's authorization, short enough to answer well within the Lambda timeout. */
export const SQUARE_TIMEOUT_SECONDS = 15;

const clients = new Map<string, SquareClient>();

/** One SDK client per (token, base URL), kept for the life of the Lambda container. */
function clientFor(accessToken: string, baseUrl: string): SquareClient {
  const key = `${baseUrl}\n${accessToken}`;
  let client = clients.get(key);
  if (!client) {
    client = new SquareClient({
      token: accessToken,
      environment: baseUrl,
      timeoutInSeconds: SQUARE_TIMEOUT_SECONDS,
      maxRetries: 0,
    });
    clients.set(key, client);
  }
  return client;
}

export function squareGateway(opts: { accessToken: string; baseUrl: string }): PaymentGateway {
  const square = clientFor(opts.accessToken, opts.baseUrl);
  return {
    async createCustomer({ idempotencyKey, referenceId, email }) {
      const { customer } = await call(() =>
        square.customers.create({
          idempotencyKey,
          referenceId,
          // Square requires a name, company, e-mail or phone; without an e-mail the reference id
          // (our profile id, not personal data) stands in as the name.
          ...(email ? { emailAddress: email } : { givenName: referenceId }),
        }),
      );
      if (!customer?.id) throw new Error('Square CreateCustomer answered without a customer id');
      return { id: customer.id };
    },

    async createCard({ idempotencyKey, sourceId, customerId, cardholderName, verificationToken }) {
      const { card } = await call(() =>
        square.cards.create({
          idempotencyKey,
          sourceId,
          ...(verificationToken ? { verificationToken } : {}),
          card: { customerId, ...(cardholderName ? { cardholderName } : {}) },
        }),
      );
      if (!card) throw new Error('Square CreateCard answered without a card');
      return gatewayCard(card);
    },

    async listCards(customerId) {
      const cards: GatewayCard[] = [];
      const page = await call(() => square.cards.list({ customerId, includeDisabled: false }));
      // The SDK fetches the following pages (Square's cursor) while iterating.
      await call(async () => {
        for await (const card of page) {
          if (card.enabled !== false) cards.push(gatewayCard(card));
        }
      });
      return cards;
    },

    async getCard(cardId) {
      try {
        const { card } = await square.cards.get({ cardId });
        return card ? gatewayCard(card) : null;
      } catch (err) {
        if (err instanceof SquareError && err.statusCode === 404) return null;
        throw toCardError(err);
      }
    },

    async disableCard(cardId) {
      await call(() => square.cards.disable({ cardId }));
    },

    async createPayment({
      idempotencyKey,
      sourceId,
      customerId,
      amountYen,
      referenceId,
      note,
      verificationToken,
    }) {
      if (!Number.isSafeInteger(amountYen) || amountYen <= 0) {
        throw new Error(`amountYen must be a positive integer, got ${amountYen}`);
      }
      const { payment } = await call(() =>
        square.payments.create({
          idempotencyKey,
          sourceId,
          // JPY has no minor unit: the amount is in yen.
          amountMoney: { amount: BigInt(amountYen), currency: 'JPY' },
          customerId,
          autocomplete: true,
          referenceId,
          ...(note ? { note } : {}),
          ...(verificationToken ? { verificationToken } : {}),
        }),
      );
      if (!payment?.id) throw new Error('Square CreatePayment answered without a payment');
      return gatewayPayment(payment);
    },

    async findPayment({ referenceId, amountYen, createdFrom }) {
      const page = await call(() =>
        square.payments.list({
          beginTime: createdFrom.toISOString(),
          total: BigInt(amountYen),
          sortOrder: 'ASC',
        }),
      );
      // The SDK fetches the following pages (Square's cursor) while iterating.
      return call(async () => {
        for await (const payment of page) {
          if (payment.referenceId === referenceId) return gatewayPayment(payment);
        }
        return null;
      });
    },
  };
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (err) {
    throw toCardError(err);
  }
}

function gatewayCard(card: Square.Card): GatewayCard {
  return {
    id: card.id ?? '',
    brand: card.cardBrand ?? 'OTHER_BRAND',
    last4: card.last4 ?? '',
    expMonth: Number(card.expMonth ?? 0),
    expYear: Number(card.expYear ?? 0),
    cardholderName: card.cardholderName ?? null,
    customerId: card.customerId ?? null,
    enabled: card.enabled ?? true,
  };
}

const paymentStatuses = new Set<GatewayPayment['status']>([
  'APPROVED',
  'PENDING',
  'COMPLETED',
  'CANCELED',
  'FAILED',
]);

function gatewayPayment(payment: Square.Payment): GatewayPayment {
  const status = payment.status as GatewayPayment['status'];
  if (!paymentStatuses.has(status)) throw new Error(`Square payment in an unknown status: ${payment.status}`);
  return {
    id: payment.id ?? '',
    ...(payment.referenceId ? { referenceId: payment.referenceId } : {}),
    status,
    amountYen: Number(payment.amountMoney?.amount ?? 0),
    createdAt: payment.createdAt ?? '',
  };
}

/** Error codes of a connection that was never made: the request cannot have reached Square. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * Classifies what the SDK threw. Only the codes go into the CardError: the SDK's own message
 * repeats the whole response body (card details included), so it is never kept or logged.
 */
export function toCardError(err: unknown): unknown {
  if (err instanceof CardError) return err;
  if (err instanceof SquareTimeoutError) return new CardError('card_network', ['TIMEOUT'], true);
  if (!(err instanceof SquareError)) return err;
  if (err.statusCode === undefined) {
    // Transport failure (connection reset, refused, TLS…): no HTTP answer.
    const code = systemErrorCode(err.cause);
    return new CardError('card_network', code ? [code] : [], !(code && NOT_SENT.has(code)));
  }
  const errors = err.errors.filter((e) => e.category !== 'V1_ERROR' || e.code !== 'Unknown');
  const status = err.statusCode;
  return new CardError(
    cardErrorCodeOf(errors, status),
    errors.map((e) => e.code),
    // 5xx (and a 2xx/3xx answer the SDK could not read, or a 408): the charge may exist.
    status >= 500 || status < 400 || status === 408,
  );
}

function systemErrorCode(cause: unknown): string | undefined {
  for (let c = cause, depth = 0; c && depth < 5; depth++) {
    const code = (c as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z][A-Z0-9_]+$/.test(code)) return code;
    c = (c as { cause?: unknown }).cause;
  }
  return undefined;
}

const classOfCode = new Map<string, CardErrorCode>();
const classify = (code: CardErrorCode, squareCodes: readonly string[]) => {
  for (const c of squareCodes) classOfCode.set(c, code);
};
// Square's ErrorCode enum (Square API reference / the SDK's api/types/ErrorCode).
classify('card_invalid', [
  'INVALID_CARD',
  'INVALID_CARD_DATA',
  'INVALID_ENCRYPTED_CARD',
  'CARD_TOKEN_USED',
  'CARD_TOKEN_EXPIRED',
  'SOURCE_USED',
  'SOURCE_EXPIRED',
  'INVALID_ACCOUNT',
  'ACCOUNT_UNUSABLE',
  'CARD_NOT_SUPPORTED',
  'UNSUPPORTED_CARD_BRAND',
  'UNSUPPORTED_ENTRY_METHOD',
  'MANUALLY_ENTERED_PAYMENT_NOT_SUPPORTED',
  'CARD_MISMATCH',
  'INVALID_POSTAL_CODE',
  // An unknown nonce or card on file (also a card of another customer).
  'NOT_FOUND',
]);
classify('card_expired', [
  'INVALID_EXPIRATION',
  'INVALID_EXPIRATION_YEAR',
  'INVALID_EXPIRATION_DATE',
  'CARD_EXPIRED',
  'EXPIRATION_FAILURE',
  'BAD_EXPIRATION',
]);
classify('card_declined', [
  'GENERIC_DECLINE',
  'CARD_DECLINED',
  'INSUFFICIENT_FUNDS',
  'TRANSACTION_LIMIT',
  'CARD_DECLINED_CALL_ISSUER',
  'CARD_DECLINED_VERIFICATION_REQUIRED',
  'VOICE_FAILURE',
  'AMOUNT_TOO_HIGH',
  'PAYMENT_LIMIT_EXCEEDED',
  'CARDHOLDER_INSUFFICIENT_PERMISSIONS',
  'CHIP_INSERTION_REQUIRED',
  'READER_DECLINED',
  'BUYER_REFUSED_PAYMENT',
]);
classify('card_processing', ['INTERNAL_SERVER_ERROR', 'TEMPORARY_ERROR', 'RATE_LIMITED', 'NOT_IMPLEMENTED']);
classify('card_network', ['SERVICE_UNAVAILABLE', 'GATEWAY_TIMEOUT', 'BAD_GATEWAY', 'REQUEST_TIMEOUT']);
classify('card_security', [
  'CVV_FAILURE',
  'ADDRESS_VERIFICATION_FAILURE',
  'PAN_FAILURE',
  'VERIFY_CVV_FAILURE',
  'VERIFY_AVS_FAILURE',
  'ALLOWABLE_PIN_TRIES_EXCEEDED',
  'INVALID_PIN',
  'MISSING_PIN',
]);

/**
 * The card error class of Square's `errors` (the first code the table knows), else of the error
 * category (API_ERROR) or the HTTP status (503/504 network, other 5xx processing), else unknown.
 */
export function cardErrorCodeOf(
  squareErrors: readonly { category?: string; code?: string }[],
  httpStatus?: number,
): CardErrorCode {
  for (const e of squareErrors) {
    const known = e.code !== undefined ? classOfCode.get(e.code) : undefined;
    if (known) return known;
  }
  if (squareErrors.some((e) => e.category === 'API_ERROR')) return 'card_processing';
  if (httpStatus === 503 || httpStatus === 504) return 'card_network';
  if (httpStatus !== undefined && httpStatus >= 500) return 'card_processing';
  return 'card_unknown';
}
