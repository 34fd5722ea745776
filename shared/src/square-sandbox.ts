/**
 * Square's sandbox test nonces and the test cards of the local card form. The local Square
 * stand-in (scripts/local/square.ts) answers each nonce as Square's sandbox does; the web's local
 * card form turns a test card number into its nonce. Never used against production Square.
 */
import type { CardErrorCode } from './errors.ts';

/** Square's documented sandbox nonces, plus local-only ones for the failures Square cannot be asked for. */
export const SANDBOX_NONCES = {
  ok: 'cnon:card-nonce-ok',
  declined: 'cnon:card-nonce-declined',
  rejectedCvv: 'cnon:card-nonce-rejected-cvv',
  rejectedPostalCode: 'cnon:card-nonce-rejected-postalcode',
  rejectedExpiration: 'cnon:card-nonce-rejected-expiration',
  alreadyUsed: 'cnon:card-nonce-already-used',
  /** Local only: Square answers 500 INTERNAL_SERVER_ERROR (processing error). */
  processingError: 'cnon:local-processing-error',
  /** Local only: the connection is dropped before an answer (network error). */
  networkError: 'cnon:local-network-error',
  /** Local only: an error code the product does not know (unknown error). */
  unknownError: 'cnon:local-unknown-error',
  /** Local only: the payment is made (COMPLETED) but the connection drops before the answer. */
  chargedNoAnswer: 'cnon:local-charged-no-answer',
} as const;

export interface SandboxCard {
  /** Digits only. */
  number: string;
  brand: 'VISA' | 'MASTERCARD' | 'JCB' | 'AMERICAN_EXPRESS';
  nonce: string;
  /** What a payment with this card gives. */
  outcome: 'ok' | CardErrorCode;
  /** Refused already when the card is registered (Square validates the card on CreateCard). */
  failsOnRegistration: boolean;
}

const N = SANDBOX_NONCES;

export const localTestCards: readonly SandboxCard[] = [
  { number: '4111111111111111', brand: 'VISA', nonce: N.ok, outcome: 'ok', failsOnRegistration: false },
  { number: '5105105105105100', brand: 'MASTERCARD', nonce: N.ok, outcome: 'ok', failsOnRegistration: false },
  { number: '3569990010095841', brand: 'JCB', nonce: N.ok, outcome: 'ok', failsOnRegistration: false },
  {
    number: '4000000000000002',
    brand: 'VISA',
    nonce: N.declined,
    outcome: 'card_declined',
    failsOnRegistration: false,
  },
  {
    number: '4000000000000127',
    brand: 'VISA',
    nonce: N.rejectedCvv,
    outcome: 'card_security',
    failsOnRegistration: false,
  },
  {
    number: '4000000000000010',
    brand: 'VISA',
    nonce: N.rejectedPostalCode,
    outcome: 'card_security',
    failsOnRegistration: false,
  },
  {
    number: '4000000000000069',
    brand: 'VISA',
    nonce: N.rejectedExpiration,
    outcome: 'card_expired',
    failsOnRegistration: true,
  },
  {
    number: '4000000000000101',
    brand: 'VISA',
    nonce: N.alreadyUsed,
    outcome: 'card_invalid',
    failsOnRegistration: true,
  },
  {
    number: '4000000000000119',
    brand: 'VISA',
    nonce: N.processingError,
    outcome: 'card_processing',
    failsOnRegistration: false,
  },
  {
    number: '4000000000000036',
    brand: 'VISA',
    nonce: N.networkError,
    outcome: 'card_network',
    failsOnRegistration: false,
  },
  {
    number: '4000000000000044',
    brand: 'VISA',
    nonce: N.unknownError,
    outcome: 'card_unknown',
    failsOnRegistration: false,
  },
];

/** The nonce the local card form sends for a card number; unknown numbers give an invalid nonce. */
export function localNonceFor(cardNumber: string): string {
  const digits = cardNumber.replace(/\D/g, '');
  return localTestCards.find((c) => c.number === digits)?.nonce ?? `cnon:local-invalid-${digits.slice(-4)}`;
}
