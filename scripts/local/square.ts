/**
 * Square stand-in: the part of Square's v2 REST API the product uses, in Square's wire format
 * (snake_case JSON, `{errors: [{category, code, detail, field}]}`), so the real `square` SDK runs
 * against it unchanged. Below /_local/square:
 *
 *   POST /v2/customers, GET /v2/customers/{id}
 *   POST /v2/cards, GET /v2/cards?customer_id=&include_disabled=&cursor=, GET /v2/cards/{id},
 *   POST /v2/cards/{id}/disable
 *   POST /v2/payments, GET /v2/payments?begin_time=&end_time=&total=&sort_order=&cursor=&limit=,
 *   GET /v2/payments/{id}
 *
 * Every /v2 call needs `Authorization: Bearer <SQUARE_ACCESS_TOKEN>` (else 401 UNAUTHORIZED).
 * Idempotency keys work as Square's: the same key and body answer the first response again
 * without a second charge; the same key with another body is 400 IDEMPOTENCY_KEY_REUSED.
 * Card nonces are Square's sandbox test nonces (shared/src/square-sandbox.ts); a card stored
 * from one remembers its behaviour, so paying with it fails as the nonce would.
 *
 * For tests and developers: GET /_local/square (HTML: customers, cards, payments) and
 * GET /_local/square/_payments.json[?idempotency_key=] (every CreatePayment attempt, newest first).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { localTestCards, SANDBOX_NONCES } from '@app/shared/square-sandbox';
import { systemClock } from '../../functions/src/lib/clock.ts';
import { escapeHtml, readBody, sendHtml, sendJson } from './http-util.ts';
import type { Log } from './log.ts';

export interface SquareErrorBody {
  category: string;
  code: string;
  detail?: string;
  field?: string;
}

interface Money {
  amount: number;
  currency: string;
}

export interface SquareCustomer {
  id: string;
  created_at: string;
  updated_at: string;
  given_name?: string;
  family_name?: string;
  company_name?: string;
  nickname?: string;
  email_address?: string;
  phone_number?: string;
  reference_id?: string;
  note?: string;
  preferences: { email_unsubscribed: boolean };
  creation_source: 'THIRD_PARTY';
  version: number;
}

export interface SquareCard {
  id: string;
  card_brand: string;
  last_4: string;
  exp_month: number;
  exp_year: number;
  cardholder_name?: string;
  fingerprint: string;
  customer_id: string;
  merchant_id: string;
  reference_id?: string;
  enabled: boolean;
  card_type: 'CREDIT';
  prepaid_type: 'NOT_PREPAID';
  bin: string;
  created_at: string;
  disabled_at?: string;
  version: number;
}

export interface SquarePayment {
  id: string;
  created_at: string;
  updated_at: string;
  amount_money: Money;
  total_money: Money;
  approved_money: Money;
  status: 'APPROVED' | 'COMPLETED' | 'FAILED';
  delay_duration: string;
  delay_action: 'CANCEL';
  delayed_until: string;
  source_type: 'CARD';
  card_details: {
    status: 'AUTHORIZED' | 'CAPTURED' | 'FAILED';
    card: Omit<SquareCard, 'id' | 'customer_id' | 'merchant_id' | 'enabled' | 'created_at' | 'version'> & {
      id?: string;
    };
    entry_method: 'KEYED' | 'ON_FILE';
    cvv_status: 'CVV_ACCEPTED' | 'CVV_REJECTED' | 'CVV_NOT_CHECKED';
    avs_status: 'AVS_ACCEPTED' | 'AVS_REJECTED' | 'AVS_NOT_CHECKED';
    statement_description: string;
    card_payment_timeline: { authorized_at: string; captured_at?: string };
    errors?: SquareErrorBody[];
  };
  location_id: string;
  order_id: string;
  customer_id?: string;
  reference_id?: string;
  note?: string;
  risk_evaluation?: { created_at: string; risk_level: 'NORMAL' };
  receipt_number?: string;
  application_details: { square_product: 'ECOMMERCE_API'; application_id: string };
  version_token: string;
}

/** One CreatePayment request as the inspection endpoint lists it (never the nonce itself). */
export interface PaymentAttempt {
  /** The payment's id (COMPLETED, APPROVED or FAILED); null when Square made no payment. */
  id: string | null;
  idempotency_key: string | null;
  amount: number | null;
  currency: string | null;
  /** NO_RESPONSE: the connection was dropped (local-network-error) and nothing was charged. */
  status: 'COMPLETED' | 'APPROVED' | 'FAILED' | 'REJECTED' | 'ERROR' | 'NO_RESPONSE';
  http_status: number | null;
  customer_id: string | null;
  source: 'nonce' | 'card_on_file' | 'other' | null;
  card_id: string | null;
  error_codes: string[];
  /** Idempotent repeats answered with this attempt's response (no new charge). */
  replays: number;
  created_at: string;
}

interface StoredCard {
  card: SquareCard;
  /** The nonce the card was stored from: it decides what paying with the card gives. */
  nonce: string;
}

interface Remembered {
  fingerprint: string;
  status: number;
  body: unknown;
  attempt?: number;
}

interface State {
  customers: SquareCustomer[];
  cards: StoredCard[];
  payments: SquarePayment[];
  attempts: PaymentAttempt[];
  /** `${method} ${endpoint} ${idempotency_key}` -> the answer given. */
  idempotency: Record<string, Remembered>;
}

type Failure = { status: number; error: SquareErrorBody; payment: boolean };
/** 'lost': the payment is made, then the connection drops before the answer. */
type Outcome = 'ok' | 'drop' | 'lost' | Failure;

const authorizationError = (code: string, status = 402): Failure => ({
  status,
  error: { category: 'PAYMENT_METHOD_ERROR', code, detail: `Authorization error: '${code}'` },
  payment: true,
});

/** Any other nonce: card data Square cannot use. */
const INVALID_CARD: Failure = {
  status: 400,
  error: {
    category: 'PAYMENT_METHOD_ERROR',
    code: 'INVALID_CARD',
    detail: 'Invalid card nonce.',
    field: 'source_id',
  },
  payment: false,
};

/** What Square's sandbox answers for each test nonce (and the local-only ones). */
function nonceOutcome(nonce: string): Outcome {
  const N = SANDBOX_NONCES;
  switch (nonce) {
    case N.ok:
      return 'ok';
    case N.declined:
      return authorizationError('GENERIC_DECLINE');
    case N.rejectedCvv:
      return authorizationError('CVV_FAILURE');
    case N.rejectedPostalCode:
      return authorizationError('ADDRESS_VERIFICATION_FAILURE');
    case N.rejectedExpiration:
      return authorizationError('INVALID_EXPIRATION');
    case N.alreadyUsed:
      return {
        status: 400,
        error: {
          category: 'INVALID_REQUEST_ERROR',
          code: 'CARD_TOKEN_USED',
          detail: 'Card nonce already used; please request new nonce.',
          field: 'source_id',
        },
        payment: false,
      };
    case N.processingError:
      return {
        status: 500,
        error: {
          category: 'API_ERROR',
          code: 'INTERNAL_SERVER_ERROR',
          detail: 'An internal error occurred.',
        },
        payment: false,
      };
    case N.networkError:
      return 'drop';
    case N.chargedNoAnswer:
      return 'lost';
    case N.unknownError:
      return authorizationError('LOCAL_UNKNOWN_DECLINE');
    default:
      return INVALID_CARD;
  }
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const UPPER = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
function randomId(length: number, alphabet = BASE62): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const b of bytes) id += alphabet[b % alphabet.length];
  return id;
}

/** JSON with sorted keys: two requests with the same data give the same text. */
function fingerprint(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(fingerprint).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${fingerprint(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly errors: SquareErrorBody[],
  ) {
    super(errors.map((e) => e.code).join(', '));
  }
}

const invalid = (code: string, field: string, detail: string, status = 400) =>
  new RequestError(status, [{ category: 'INVALID_REQUEST_ERROR', code, detail, field }]);

const notFound = (detail: string, field?: string) =>
  new RequestError(404, [
    { category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail, ...(field ? { field } : {}) },
  ]);

type Body = Record<string, unknown>;

function optionalString(body: Body, field: string, max?: number, prefix = ''): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalid('EXPECTED_STRING', prefix + field, 'Expected a string value.');
  if (max !== undefined && value.length > max) {
    throw invalid('VALUE_TOO_LONG', prefix + field, `Field must not be greater than ${max} length.`);
  }
  return value;
}

function requiredString(body: Body, field: string, max?: number, prefix = ''): string {
  const value = optionalString(body, field, max, prefix);
  if (!value) throw invalid('MISSING_REQUIRED_PARAMETER', prefix + field, 'Field must be set');
  return value;
}

function optionalObject(body: Body, field: string): Body | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalid('EXPECTED_OBJECT', field, 'Expected an object value.');
  }
  return value as Body;
}

export interface SquareStandInOptions {
  /** The bearer token every /v2 call must carry. */
  accessToken: string;
  /** The merchant's main location (payments without location_id go there). */
  locationId: string;
  applicationId: string;
  /** Where state is kept across restarts; null = memory only. */
  file: string | null;
  log?: Log;
}

const PAGE_SIZE = 25;

export class SquareStandIn {
  private state: State = { customers: [], cards: [], payments: [], attempts: [], idempotency: {} };
  private readonly merchantId = 'LOCALMERCHANT';

  constructor(private readonly opts: SquareStandInOptions) {
    if (opts.file && existsSync(opts.file)) {
      this.state = { ...this.state, ...(JSON.parse(readFileSync(opts.file, 'utf8')) as Partial<State>) };
    }
  }

  /** Every CreatePayment attempt, newest first. */
  attempts(filter: { idempotencyKey?: string } = {}): PaymentAttempt[] {
    const all = filter.idempotencyKey
      ? this.state.attempts.filter((a) => a.idempotency_key === filter.idempotencyKey)
      : this.state.attempts;
    return [...all].reverse();
  }

  /** `path` is below /_local/square. */
  async handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: URLSearchParams,
  ): Promise<void> {
    const method = req.method ?? 'GET';
    if (method === 'GET' && (path === '' || path === '/')) return this.page(res);
    if (method === 'GET' && path === '/_payments.json') {
      const key = query.get('idempotency_key');
      return sendJson(res, 200, this.attempts(key ? { idempotencyKey: key } : {}), {
        'cache-control': 'no-store',
      });
    }
    if (!path.startsWith('/v2/')) {
      req.resume();
      return sendJson(res, 404, { message: `The local Square stand-in has no ${path}` });
    }

    const body = method === 'POST' || method === 'PUT' ? await readBody(req) : Buffer.alloc(0);
    if (req.headers.authorization !== `Bearer ${this.opts.accessToken}`) {
      return squareErrors(res, 401, [
        {
          category: 'AUTHENTICATION_ERROR',
          code: 'UNAUTHORIZED',
          detail: req.headers.authorization
            ? 'This request could not be authorized.'
            : 'Your request did not include an `Authorization` http header with an access token.',
        },
      ]);
    }
    try {
      // Everything after reading the body is synchronous: concurrent requests with one
      // idempotency key are answered one after the other, the first one decides.
      const answer = this.route(method, path, query, body);
      if (answer === 'drop') {
        req.socket.destroy();
        return;
      }
      sendJson(res, answer.status, answer.body);
    } catch (err) {
      if (err instanceof RequestError) return squareErrors(res, err.status, err.errors);
      throw err;
    }
  }

  private route(
    method: string,
    path: string,
    query: URLSearchParams,
    raw: Buffer,
  ): { status: number; body: unknown } | 'drop' {
    const parts = path.split('/').slice(2).map(decodeURIComponent); // ['customers', id?, action?]
    const [resource, id, action] = parts;
    const route = `${method} ${resource}${id === undefined ? '' : '/{id}'}${action === undefined ? '' : `/${action}`}`;
    switch (route) {
      case 'POST customers':
        return this.idempotent('POST /v2/customers', parseJson(raw), (b) => this.createCustomer(b));
      case 'GET customers/{id}':
        return { status: 200, body: { customer: this.customer(id as string) } };
      case 'POST cards':
        return this.idempotent('POST /v2/cards', parseJson(raw), (b) => this.createCard(b));
      case 'GET cards':
        return { status: 200, body: this.listCards(query) };
      case 'GET cards/{id}':
        return { status: 200, body: { card: this.storedCard(id as string).card } };
      case 'POST cards/{id}/disable':
        return { status: 200, body: { card: this.disableCard(id as string) } };
      case 'POST payments':
        return this.createPayment(parseJson(raw));
      case 'GET payments':
        return { status: 200, body: this.listPayments(query) };
      case 'GET payments/{id}': {
        const payment = this.state.payments.find((p) => p.id === id);
        if (!payment) throw notFound(`Could not find payment with id: ${id}`);
        return { status: 200, body: { payment } };
      }
      default:
        throw notFound(
          `API endpoint for URL path \`/v2/${parts.join('/')}\` and HTTP method \`${method}\` is not found.`,
        );
    }
  }

  /**
   * Square's idempotency: a remembered answer for the same key and body, 400 for another body.
   * Answers that created nothing (validation errors, 5xx) are not remembered.
   */
  private idempotent(
    endpoint: string,
    body: Body,
    create: (body: Body) => { status: number; body: unknown; remember: boolean; attempt?: number },
  ): { status: number; body: unknown } {
    const key = optionalString(body, 'idempotency_key');
    const slot = key ? `${endpoint} ${key}` : undefined;
    const print = fingerprint(body);
    const seen = slot ? this.state.idempotency[slot] : undefined;
    if (seen) {
      if (seen.fingerprint !== print) {
        throw invalid(
          'IDEMPOTENCY_KEY_REUSED',
          'idempotency_key',
          'The idempotency key can only be retried with the same request data.',
        );
      }
      const attempt = seen.attempt === undefined ? undefined : this.state.attempts[seen.attempt];
      if (attempt) {
        attempt.replays += 1;
        this.save();
      }
      return { status: seen.status, body: seen.body };
    }
    const answer = create(body);
    if (slot && answer.remember) {
      this.state.idempotency[slot] = {
        fingerprint: print,
        status: answer.status,
        body: answer.body,
        ...(answer.attempt === undefined ? {} : { attempt: answer.attempt }),
      };
    }
    this.save();
    return answer;
  }

  private createCustomer(body: Body) {
    const now = systemClock.now().toISOString();
    const fields = ['given_name', 'family_name', 'company_name', 'nickname', 'email_address', 'phone_number'];
    const given = Object.fromEntries(
      [...fields, 'reference_id', 'note'].map((f) => [f, optionalString(body, f, 255)]).filter(([, v]) => v),
    ) as Partial<SquareCustomer>;
    if (
      !['given_name', 'family_name', 'company_name', 'email_address', 'phone_number'].some((f) => body[f])
    ) {
      throw invalid(
        'MISSING_REQUIRED_PARAMETER',
        'given_name',
        'At least one of `given_name`, `family_name`, `company_name`, `email_address`, or `phone_number` is required.',
      );
    }
    if (given.email_address && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(given.email_address)) {
      throw invalid(
        'INVALID_EMAIL_ADDRESS',
        'email_address',
        'Expected email_address to be a valid email address.',
      );
    }
    const customer: SquareCustomer = {
      id: randomId(26, UPPER),
      created_at: now,
      updated_at: now,
      ...given,
      preferences: { email_unsubscribed: false },
      creation_source: 'THIRD_PARTY',
      version: 0,
    };
    this.state.customers.push(customer);
    this.opts.log?.info(`square: customer ${customer.id} created`);
    return { status: 200, body: { customer }, remember: true };
  }

  private customer(id: string): SquareCustomer {
    const customer = this.state.customers.find((c) => c.id === id);
    if (!customer) throw notFound(`Customer with ID \`${id}\` not found.`);
    return customer;
  }

  private createCard(body: Body) {
    requiredString(body, 'idempotency_key', 45);
    const sourceId = requiredString(body, 'source_id');
    const fields = optionalObject(body, 'card');
    if (!fields) throw invalid('MISSING_REQUIRED_PARAMETER', 'card', 'Field must be set');
    const customerId = requiredString(fields, 'customer_id', 191, 'card.');
    const cardholderName = optionalString(fields, 'cardholder_name', 96, 'card.');
    const referenceId = optionalString(fields, 'reference_id', 128, 'card.');
    if (!this.state.customers.some((c) => c.id === customerId)) {
      throw notFound(`Customer with ID \`${customerId}\` not found.`, 'card.customer_id');
    }
    if (!sourceId.startsWith('cnon:')) {
      throw new RequestError(400, [
        {
          category: 'INVALID_REQUEST_ERROR',
          code: 'NOT_FOUND',
          detail: 'Invalid source.',
          field: 'source_id',
        },
      ]);
    }
    const test = localTestCards.find((c) => c.nonce === sourceId);
    const outcome = nonceOutcome(sourceId);
    // Square verifies the card when storing it: unusable card data fails here already.
    if (!test || test.failsOnRegistration) {
      const error = typeof outcome === 'object' ? outcome.error : INVALID_CARD.error;
      return { status: 400, body: { errors: [{ ...error, field: 'source_id' }] }, remember: false };
    }
    const year = systemClock.now().getUTCFullYear();
    const card: SquareCard = {
      id: `ccof:${randomId(24)}`,
      card_brand: test.brand,
      last_4: test.number.slice(-4),
      exp_month: 12,
      exp_year: year + 4,
      ...(cardholderName ? { cardholder_name: cardholderName } : {}),
      fingerprint: `sq-1-local-${test.number.slice(0, 6)}${test.number.slice(-4)}`,
      customer_id: customerId,
      merchant_id: this.merchantId,
      ...(referenceId ? { reference_id: referenceId } : {}),
      enabled: true,
      card_type: 'CREDIT',
      prepaid_type: 'NOT_PREPAID',
      bin: test.number.slice(0, 6),
      created_at: systemClock.now().toISOString(),
      version: 1,
    };
    this.state.cards.push({ card, nonce: sourceId });
    this.opts.log?.info(`square: card ${card.card_brand} *${card.last_4} stored for ${customerId}`);
    return { status: 200, body: { card }, remember: true };
  }

  private listCards(query: URLSearchParams) {
    const customerId = query.get('customer_id');
    const referenceId = query.get('reference_id');
    const includeDisabled = query.get('include_disabled') === 'true';
    const cards = this.state.cards
      .map((c) => c.card)
      .filter(
        (c) =>
          (includeDisabled || c.enabled) &&
          (!customerId || c.customer_id === customerId) &&
          (!referenceId || c.reference_id === referenceId),
      );
    if (query.get('sort_order') === 'DESC') cards.reverse();
    const cursor = query.get('cursor');
    const start = cursor ? Number(Buffer.from(cursor, 'base64url').toString('utf8')) : 0;
    if (!Number.isInteger(start) || start < 0) throw invalid('INVALID_CURSOR', 'cursor', 'Invalid cursor.');
    const page = cards.slice(start, start + PAGE_SIZE);
    const next =
      start + PAGE_SIZE < cards.length ? Buffer.from(String(start + PAGE_SIZE)).toString('base64url') : null;
    // Square leaves out `cards` when there are none.
    return { ...(page.length ? { cards: page } : {}), ...(next ? { cursor: next } : {}) };
  }

  private storedCard(id: string): StoredCard {
    const stored = this.state.cards.find((c) => c.card.id === id);
    if (!stored) throw notFound(`Card with ID \`${id}\` not found.`);
    return stored;
  }

  private disableCard(id: string): SquareCard {
    const { card } = this.storedCard(id);
    if (card.enabled) {
      card.enabled = false;
      card.disabled_at = systemClock.now().toISOString();
      card.version += 1;
      this.save();
      this.opts.log?.info(`square: card ${card.card_brand} *${card.last_4} disabled`);
    }
    return card;
  }

  private createPayment(body: Body): { status: number; body: unknown } | 'drop' {
    const key = typeof body.idempotency_key === 'string' ? body.idempotency_key : null;
    const money = body.amount_money as Partial<Money> | undefined;
    const attempt: PaymentAttempt = {
      id: null,
      idempotency_key: key,
      amount: typeof money?.amount === 'number' ? money.amount : null,
      currency: typeof money?.currency === 'string' ? money.currency : null,
      status: 'REJECTED',
      http_status: null,
      customer_id: typeof body.customer_id === 'string' ? body.customer_id : null,
      source:
        typeof body.source_id !== 'string'
          ? null
          : body.source_id.startsWith('cnon:')
            ? 'nonce'
            : body.source_id.startsWith('ccof:')
              ? 'card_on_file'
              : 'other',
      card_id:
        typeof body.source_id === 'string' && body.source_id.startsWith('ccof:') ? body.source_id : null,
      error_codes: [],
      replays: 0,
      created_at: systemClock.now().toISOString(),
    };
    const record = (status: number, errors: SquareErrorBody[]) => {
      attempt.http_status = status;
      attempt.error_codes = errors.map((e) => e.code);
      this.state.attempts.push(attempt);
      this.save();
      return this.state.attempts.length - 1;
    };
    let dropped = false;
    try {
      const answer = this.idempotent('POST /v2/payments', body, (b) => {
        const result = this.charge(b);
        if (result === 'drop') {
          dropped = true;
          attempt.status = 'NO_RESPONSE';
          return { status: 0, body: null, remember: false, attempt: record(0, []) };
        }
        attempt.id = result.payment?.id ?? null;
        attempt.status = result.payment?.status ?? (result.status >= 500 ? 'ERROR' : 'REJECTED');
        const index = record(result.status, result.errors);
        // Charged, but the answer never leaves: a replay of the key gets the payment.
        if (result.lost) dropped = true;
        const response = {
          ...(result.errors.length ? { errors: result.errors } : {}),
          ...(result.payment ? { payment: result.payment } : {}),
        };
        // Square keeps the answer of a key that made a payment (completed or failed).
        return { status: result.status, body: response, remember: Boolean(result.payment), attempt: index };
      });
      return dropped ? 'drop' : answer;
    } catch (err) {
      if (err instanceof RequestError) record(err.status, err.errors);
      throw err;
    }
  }

  private charge(
    body: Body,
  ): { status: number; errors: SquareErrorBody[]; payment?: SquarePayment; lost?: boolean } | 'drop' {
    requiredString(body, 'idempotency_key', 45);
    const sourceId = requiredString(body, 'source_id');
    const money = optionalObject(body, 'amount_money');
    if (!money) throw invalid('MISSING_REQUIRED_PARAMETER', 'amount_money', 'Field must be set');
    if (typeof money.amount !== 'number' || !Number.isInteger(money.amount)) {
      throw invalid('EXPECTED_INTEGER', 'amount_money.amount', 'Expected an integer value.');
    }
    if (money.amount < 1)
      throw invalid('VALUE_TOO_LOW', 'amount_money.amount', '`amount_money.amount` must be greater than 0.');
    const currency = requiredString(money, 'currency', undefined, 'amount_money.');
    if (currency !== 'JPY') {
      throw invalid('INVALID_VALUE', 'amount_money.currency', 'This merchant can only take payments in JPY.');
    }
    const customerId = optionalString(body, 'customer_id', 191);
    const referenceId = optionalString(body, 'reference_id', 40);
    const note = optionalString(body, 'note', 500);
    const locationId = optionalString(body, 'location_id');
    if (locationId && locationId !== this.opts.locationId) {
      throw notFound(`Location \`${locationId}\` not found.`, 'location_id');
    }
    if (body.autocomplete !== undefined && typeof body.autocomplete !== 'boolean') {
      throw invalid('EXPECTED_BOOLEAN', 'autocomplete', 'Expected a boolean value.');
    }
    const autocomplete = body.autocomplete !== false;
    if (customerId && !this.state.customers.some((c) => c.id === customerId)) {
      throw notFound(`Customer with ID \`${customerId}\` not found.`, 'customer_id');
    }

    let nonce: string;
    let stored: SquareCard | undefined;
    if (sourceId.startsWith('ccof:')) {
      if (!customerId) {
        throw invalid(
          'MISSING_REQUIRED_PARAMETER',
          'customer_id',
          'customer_id is required when source_id is a card on file.',
        );
      }
      const found = this.state.cards.find((c) => c.card.id === sourceId);
      // A card of another customer, or a disabled one, is as unknown as a missing one.
      if (!found || found.card.customer_id !== customerId || !found.card.enabled) {
        throw invalid('NOT_FOUND', 'source_id', `Card with ID \`${sourceId}\` not found for this customer.`);
      }
      stored = found.card;
      nonce = found.nonce;
    } else if (sourceId.startsWith('cnon:')) {
      nonce = sourceId;
    } else {
      throw invalid('NOT_FOUND', 'source_id', 'Invalid source.');
    }

    const outcome = nonceOutcome(nonce);
    if (outcome === 'drop') return 'drop';
    if (outcome !== 'ok' && outcome !== 'lost' && !outcome.payment) {
      return { status: outcome.status, errors: [outcome.error] };
    }

    const test = localTestCards.find((c) => c.nonce === nonce);
    const number = test?.number ?? '4111111111111111';
    const now = systemClock.now();
    const at = now.toISOString();
    const failure = outcome === 'ok' || outcome === 'lost' ? undefined : outcome;
    const failed = failure !== undefined;
    const amount: Money = { amount: money.amount, currency };
    const id = randomId(29);
    const code = failure?.error.code;
    const payment: SquarePayment = {
      id,
      created_at: at,
      updated_at: at,
      amount_money: amount,
      total_money: amount,
      approved_money: { amount: failed ? 0 : money.amount, currency },
      status: failed ? 'FAILED' : autocomplete ? 'COMPLETED' : 'APPROVED',
      delay_duration: 'PT168H',
      delay_action: 'CANCEL',
      delayed_until: new Date(now.getTime() + 168 * 3600_000).toISOString(),
      source_type: 'CARD',
      card_details: {
        status: failed ? 'FAILED' : autocomplete ? 'CAPTURED' : 'AUTHORIZED',
        card: {
          ...(stored ? { id: stored.id } : {}),
          card_brand: stored?.card_brand ?? test?.brand ?? 'VISA',
          last_4: stored?.last_4 ?? number.slice(-4),
          exp_month: stored?.exp_month ?? 12,
          exp_year: stored?.exp_year ?? now.getUTCFullYear() + 4,
          fingerprint: stored?.fingerprint ?? `sq-1-local-${number.slice(0, 6)}${number.slice(-4)}`,
          card_type: 'CREDIT',
          prepaid_type: 'NOT_PREPAID',
          bin: number.slice(0, 6),
        },
        entry_method: stored ? 'ON_FILE' : 'KEYED',
        cvv_status: code === 'CVV_FAILURE' ? 'CVV_REJECTED' : stored ? 'CVV_NOT_CHECKED' : 'CVV_ACCEPTED',
        avs_status:
          code === 'ADDRESS_VERIFICATION_FAILURE'
            ? 'AVS_REJECTED'
            : stored
              ? 'AVS_NOT_CHECKED'
              : 'AVS_ACCEPTED',
        statement_description: 'SQ *KINOKO LOCAL',
        card_payment_timeline: { authorized_at: at, ...(failed || !autocomplete ? {} : { captured_at: at }) },
        ...(failure ? { errors: [failure.error] } : {}),
      },
      location_id: this.opts.locationId,
      order_id: randomId(29),
      ...(customerId ? { customer_id: customerId } : {}),
      ...(referenceId ? { reference_id: referenceId } : {}),
      ...(note ? { note } : {}),
      ...(failed ? {} : { risk_evaluation: { created_at: at, risk_level: 'NORMAL' as const } }),
      ...(failed ? {} : { receipt_number: id.slice(0, 4) }),
      application_details: { square_product: 'ECOMMERCE_API', application_id: this.opts.applicationId },
      version_token: randomId(45),
    };
    this.state.payments.push(payment);
    this.opts.log?.info(
      `square: payment ${id} ${payment.status} ¥${money.amount}${code ? ` (${code})` : ''}`,
    );
    return failure
      ? { status: failure.status, errors: [failure.error], payment }
      : { status: 200, errors: [], payment, ...(outcome === 'lost' ? { lost: true } : {}) };
  }

  /**
   * ListPayments: by `created_at` in [begin_time, end_time) (defaults: a year ago, now), the exact
   * `total` amount and the location, newest first unless `sort_order=ASC`; Square leaves out
   * `payments` when there are none.
   */
  private listPayments(query: URLSearchParams) {
    const time = (field: string, fallback: number) => {
      const value = query.get(field);
      if (value === null) return fallback;
      const at = Date.parse(value);
      if (Number.isNaN(at)) throw invalid('INVALID_TIME', field, `Invalid \`${field}\`: ${value}`);
      return at;
    };
    const now = systemClock.now().getTime();
    const begin = time('begin_time', now - 365 * 86_400_000);
    const end = time('end_time', now);
    const total = query.get('total');
    const locationId = query.get('location_id') ?? this.opts.locationId;
    const limit = Math.min(Number(query.get('limit') ?? 100) || 100, 100);
    const payments = this.state.payments.filter((p) => {
      const at = Date.parse(p.created_at);
      return (
        at >= begin &&
        at < end &&
        p.location_id === locationId &&
        (total === null || String(p.total_money.amount) === total)
      );
    });
    if (query.get('sort_order') !== 'ASC') payments.reverse();
    const cursor = query.get('cursor');
    const start = cursor ? Number(Buffer.from(cursor, 'base64url').toString('utf8')) : 0;
    if (!Number.isInteger(start) || start < 0) throw invalid('INVALID_CURSOR', 'cursor', 'Invalid cursor.');
    const page = payments.slice(start, start + limit);
    const next =
      start + limit < payments.length ? Buffer.from(String(start + limit)).toString('base64url') : null;
    return { ...(page.length ? { payments: page } : {}), ...(next ? { cursor: next } : {}) };
  }

  private save(): void {
    if (this.opts.file) writeFileSync(this.opts.file, JSON.stringify(this.state, null, 2));
  }

  private page(res: ServerResponse): void {
    const s = this.state;
    const jst = (iso: string) =>
      escapeHtml(new Date(iso).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' }));
    const table = (caption: string, head: string[], rows: string[][], empty: string) =>
      rows.length
        ? `<table><caption>${caption}</caption><thead><tr>${head.map((h) => `<th scope="col">${h}</th>`).join('')}</tr></thead>
<tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('\n')}</tbody></table>`
        : `<h2>${caption}</h2><p>${empty}</p>`;
    const customers = table(
      '顧客 / Customers',
      ['ID', 'reference_id', 'e-mail', '作成 / Created'],
      [...s.customers]
        .reverse()
        .map((c) => [
          `<code>${escapeHtml(c.id)}</code>`,
          escapeHtml(c.reference_id ?? ''),
          escapeHtml(c.email_address ?? ''),
          jst(c.created_at),
        ]),
      'まだありません。 None yet.',
    );
    const cards = table(
      'カード / Cards on file',
      ['ID', 'ブランド / Brand', '下4桁 / Last 4', '有効期限 / Expires', '顧客 / Customer', '状態 / State'],
      [...s.cards]
        .reverse()
        .map(({ card: c }) => [
          `<code>${escapeHtml(c.id)}</code>`,
          escapeHtml(c.card_brand),
          escapeHtml(c.last_4),
          `${c.exp_month}/${c.exp_year}`,
          `<code>${escapeHtml(c.customer_id)}</code>`,
          c.enabled ? '有効 / enabled' : '無効 / disabled',
        ]),
      'まだありません。 None yet.',
    );
    const payments = table(
      '決済 / Payment attempts (新しい順 / newest first)',
      [
        'ID',
        '状態 / Status',
        '金額 / Amount',
        'エラー / Errors',
        '支払元 / Source',
        '顧客 / Customer',
        'idempotency_key',
        '再送 / Replays',
        '日時 / At',
      ],
      this.attempts().map((a) => [
        a.id ? `<code>${escapeHtml(a.id)}</code>` : '—',
        escapeHtml(a.status),
        a.amount === null ? '' : `${a.amount.toLocaleString('ja-JP')} ${escapeHtml(a.currency ?? '')}`,
        escapeHtml(a.error_codes.join(', ')),
        escapeHtml(a.source ?? ''),
        a.customer_id ? `<code>${escapeHtml(a.customer_id)}</code>` : '',
        `<code>${escapeHtml(a.idempotency_key ?? '')}</code>`,
        String(a.replays),
        jst(a.created_at),
      ]),
      'まだありません。 None yet.',
    );
    const testCards = localTestCards
      .map(
        (c) =>
          `<tr><td><code>${c.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code></td><td>${c.brand}</td><td>${escapeHtml(c.outcome)}</td><td>${c.failsOnRegistration ? '登録時に失敗 / fails when stored' : ''}</td><td><code>${escapeHtml(c.nonce)}</code></td></tr>`,
      )
      .join('\n');
    sendHtml(
      res,
      200,
      `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>Square (ローカル / local)</title>
<style>
body { font-family: system-ui, 'Hiragino Sans', 'Noto Sans JP', sans-serif; max-width: 72rem; margin: 1rem auto; padding: 0 1rem; color: #1a1a1a; }
table { border-collapse: collapse; width: 100%; margin: 1.5rem 0; font-size: 0.9rem; }
caption { text-align: left; font-weight: bold; font-size: 1.1rem; margin-bottom: 0.5rem; }
th, td { border: 1px solid #ccc; padding: 0.3rem 0.5rem; text-align: left; vertical-align: top; }
th { background: #f3f3f3; }
code { font-size: 0.85em; word-break: break-all; }
a { color: #0645ad; }
</style>
</head>
<body>
<h1>Square スタンドイン / Square stand-in</h1>
<p>ローカル環境の Square です。実際の請求は発生しません。 The local cloud's Square: nothing is really charged.
JSON: <a href="/_local/square/_payments.json">_payments.json</a></p>
${payments}
${cards}
${customers}
<table><caption>テストカード / Test cards (有効期限・CVV は任意 / any expiry and CVV)</caption>
<thead><tr><th scope="col">番号 / Number</th><th scope="col">ブランド / Brand</th><th scope="col">結果 / Outcome</th><th scope="col"></th><th scope="col">nonce</th></tr></thead>
<tbody>${testCards}</tbody></table>
</body>
</html>`,
    );
  }
}

function parseJson(raw: Buffer): Body {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8') || 'null');
  } catch {
    throw new RequestError(400, [
      {
        category: 'INVALID_REQUEST_ERROR',
        code: 'INVALID_CONTENT_TYPE',
        detail: 'The request body is not valid JSON.',
      },
    ]);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new RequestError(400, [
      {
        category: 'INVALID_REQUEST_ERROR',
        code: 'EXPECTED_JSON_BODY',
        detail: 'Expected a JSON object body.',
      },
    ]);
  }
  return parsed as Body;
}

function squareErrors(res: ServerResponse, status: number, errors: SquareErrorBody[]): void {
  sendJson(res, status, { errors });
}
