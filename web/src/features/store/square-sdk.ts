import type { StoreResponse } from '@app/shared/schemas/store';

/**
 * The Square Web Payments SDK, loaded from Square's CDN for the sandbox and production card form
 * (the local environment uses the test form instead). Only what the card form and 3-D Secure need
 * is typed. Not testable offline: kept small on purpose.
 */
export interface SquareTokenResult {
  status: 'OK' | 'Cancel' | 'Error' | 'Invalid' | 'Abort' | 'Unknown';
  token?: string;
  errors?: { type?: string; field?: string; message: string }[];
}

export interface SquareCard {
  attach(target: string | HTMLElement): Promise<void>;
  tokenize(): Promise<SquareTokenResult>;
  destroy(): Promise<boolean>;
}

/** The buyer as 3-D Secure sees them (every field optional; we know at most the cardholder's name). */
export interface SquareBillingContact {
  givenName?: string;
  familyName?: string;
}

/** The details of Payments.verifyBuyer(): StoreVerifyBuyerDetails or ChargeVerifyBuyerDetails. */
export type VerifyBuyerDetails =
  | { intent: 'STORE'; billingContact: SquareBillingContact }
  | {
      intent: 'CHARGE';
      /** In the currency's major unit as a string: yen, e.g. '3000'. */
      amount: string;
      currencyCode: 'JPY';
      billingContact: SquareBillingContact;
    };

/** VerifyBuyerResponseDetails. */
interface VerifyBuyerResult {
  token: string;
  userChallenged: boolean;
}

export interface SquarePayments {
  card(options?: Record<string, unknown>): Promise<SquareCard>;
  /** 3-D Secure (EMV 3DS): `source` is a card token or the id of a card on file. */
  verifyBuyer(source: string, details: VerifyBuyerDetails): Promise<VerifyBuyerResult | null | undefined>;
}

interface SquareGlobal {
  payments(applicationId: string, locationId?: string): SquarePayments | Promise<SquarePayments>;
}

declare global {
  interface Window {
    Square?: SquareGlobal;
  }
}

const SDK_URLS = {
  sandbox: 'https://sandbox.web.squarecdn.com/v1/square.js',
  production: 'https://web.squarecdn.com/v1/square.js',
} as const;

let loading: Promise<SquareGlobal> | null = null;

/** Adds Square's script once and resolves with `window.Square`. */
export function loadSquare(environment: keyof typeof SDK_URLS): Promise<SquareGlobal> {
  if (window.Square) return Promise.resolve(window.Square);
  if (!loading) {
    loading = new Promise<SquareGlobal>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = SDK_URLS[environment];
      script.async = true;
      script.onload = () =>
        window.Square ? resolve(window.Square) : reject(new Error('Square SDK missing'));
      script.onerror = () => reject(new Error('Square SDK failed to load'));
      document.head.appendChild(script);
    }).catch((err: unknown) => {
      loading = null;
      throw err;
    });
  }
  return loading;
}

/** One Payments instance per SDK and seller location, shared by the card field and verifyBuyer. */
const instances = new WeakMap<SquareGlobal, Map<string, Promise<SquarePayments>>>();

async function paymentsFor(
  environment: keyof typeof SDK_URLS,
  applicationId: string,
  locationId: string,
): Promise<SquarePayments> {
  const square = await loadSquare(environment);
  const byKey = instances.get(square) ?? new Map<string, Promise<SquarePayments>>();
  instances.set(square, byKey);
  const key = `${applicationId}|${locationId}`;
  let payments = byKey.get(key);
  if (!payments) {
    payments = Promise.resolve(square.payments(applicationId, locationId));
    payments.catch(() => byKey.delete(key));
    byKey.set(key, payments);
  }
  return payments;
}

/** A Square card field attached to `target`. */
export async function attachSquareCard(
  environment: keyof typeof SDK_URLS,
  applicationId: string,
  locationId: string,
  target: HTMLElement,
): Promise<SquareCard> {
  const payments = await paymentsFor(environment, applicationId, locationId);
  const card = await payments.card();
  await card.attach(target);
  return card;
}

/** The cardholder's name as a billing contact: 'TARO YAMADA' → given TARO, family YAMADA. */
export function billingContactOf(name: string | null | undefined): SquareBillingContact {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const familyName = parts.length > 1 ? parts.pop() : undefined;
  const givenName = parts.join(' ');
  return { ...(givenName ? { givenName } : {}), ...(familyName ? { familyName } : {}) };
}

/** The buyer did not pass 3-D Secure (challenge failed or dismissed, or the SDK refused). */
export class BuyerVerificationError extends Error {
  constructor(cause?: unknown) {
    super('Square buyer verification failed', { cause });
    this.name = 'BuyerVerificationError';
  }
}

/**
 * 3-D Secure (EMV 3DS, required for online card payments in Japan): the verification token Square
 * expects with CreateCard (`intent: 'STORE'`) or CreatePayment (`intent: 'CHARGE'`). Square's SDK
 * shows the issuer's challenge when one is needed. Undefined in the local environment, whose
 * stand-in knows no 3-D Secure. Throws BuyerVerificationError when the buyer was not verified (or
 * the SDK could not be loaded).
 */
export async function verifyBuyer(
  square: StoreResponse['square'],
  source: string,
  details: VerifyBuyerDetails,
): Promise<string | undefined> {
  if (square.environment === 'local') return undefined;
  let result: VerifyBuyerResult | null | undefined;
  try {
    const payments = await paymentsFor(square.environment, square.application_id, square.location_id);
    result = await payments.verifyBuyer(source, details);
  } catch (err) {
    throw new BuyerVerificationError(err);
  }
  if (!result?.token) throw new BuyerVerificationError();
  return result.token;
}
