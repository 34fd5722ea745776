/**
 * What the services need from the card processor. `squareGateway` (lib/square.ts) implements it
 * with the real `square` SDK, against Square in AWS and the local Square stand-in locally; tests
 * may pass their own.
 */
import type { CardErrorCode } from '@app/shared/errors';

export interface GatewayCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  cardholderName: string | null;
  customerId: string | null;
  enabled: boolean;
}

export interface GatewayPayment {
  id: string;
  /** Our reference (the payment's uuid), when Square has it. */
  referenceId?: string;
  status: 'APPROVED' | 'PENDING' | 'COMPLETED' | 'CANCELED' | 'FAILED';
  amountYen: number;
  createdAt: string;
}

/**
 * A card or payment failure, classified into the card errors of spec section 8.
 * `outcomeUnknown` is true when the request may have reached Square without an answer (network
 * failure, timeout, 5xx): a payment may then exist, so the caller keeps it pending and retries
 * with the same idempotency key instead of marking it failed.
 */
export class CardError extends Error {
  readonly code: CardErrorCode;
  readonly squareCodes: readonly string[];
  readonly outcomeUnknown: boolean;

  constructor(code: CardErrorCode, squareCodes: readonly string[] = [], outcomeUnknown = false) {
    super(`${code}${squareCodes.length ? ` (${squareCodes.join(', ')})` : ''}`);
    this.name = 'CardError';
    this.code = code;
    this.squareCodes = squareCodes;
    this.outcomeUnknown = outcomeUnknown;
  }
}

export interface PaymentGateway {
  /** Creates a customer; the same idempotency key returns the same customer. */
  createCustomer(input: {
    idempotencyKey: string;
    referenceId: string;
    email?: string;
  }): Promise<{ id: string }>;
  /** Stores a card on file from a card nonce. Throws CardError. */
  createCard(input: {
    idempotencyKey: string;
    sourceId: string;
    customerId: string;
    cardholderName?: string;
    /** 3-D Secure: the buyer verification token from the Web Payments SDK's verifyBuyer(). */
    verificationToken?: string;
  }): Promise<GatewayCard>;
  /** Enabled cards of a customer. */
  listCards(customerId: string): Promise<GatewayCard[]>;
  /** Null when Square does not know the card. */
  getCard(cardId: string): Promise<GatewayCard | null>;
  disableCard(cardId: string): Promise<void>;
  /** Charges yen (JPY, autocomplete). The same idempotency key returns the same payment. Throws CardError. */
  createPayment(input: {
    idempotencyKey: string;
    sourceId: string;
    customerId: string;
    amountYen: number;
    referenceId: string;
    note?: string;
    /** 3-D Secure: the buyer verification token from the Web Payments SDK's verifyBuyer(). */
    verificationToken?: string;
  }): Promise<GatewayPayment>;
  /**
   * The payment Square made with our reference id, created at or after `createdFrom` for this
   * amount, or null when none exists (Square's ListPayments, filtered; its results may lag a few
   * seconds behind a charge, so only ask about requests that ended well before). Throws CardError
   * when Square cannot be asked.
   */
  findPayment(input: {
    referenceId: string;
    amountYen: number;
    createdFrom: Date;
  }): Promise<GatewayPayment | null>;
}
