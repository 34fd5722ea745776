/** Contracts of the store and of card payments (Square). */
import * as z from 'zod/mini';
import { businessConfig } from '../config.ts';
import { V } from '../validation.ts';
import { balanceView } from './points.ts';

const P = businessConfig.points;

export const storePackView = z.object({
  mushrooms: z.int(),
  /** Yen, consumption tax included. */
  price: z.int(),
});

/** Where the card form comes from: the Square Web Payments SDK, or the local stand-in's test form. */
export const squareSettings = z.object({
  environment: z.enum(['local', 'sandbox', 'production']),
  application_id: z.string(),
  location_id: z.string(),
});

export const storeResponse = z.object({
  packs: z.array(storePackView),
  min: z.int(),
  max: z.int(),
  yen_per_mushroom: z.int(),
  tax_rate: z.number(),
  balance: balanceView,
  /** What the caps still allow today / this month (minors only, else null). */
  remaining_yen: z.object({ day: z.int(), month: z.nullable(z.int()) }),
  /** False for creators and admins ('Creator accounts cannot make purchases.'). */
  can_purchase: z.boolean(),
  /** False while a fan's sign-up is unfinished: the screen sends them there before any card form. */
  registration_complete: z.boolean(),
  customer_id: z.nullable(z.string()),
  square: squareSettings,
});
export type StoreResponse = z.infer<typeof storeResponse>;

export const cardView = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.int(),
  exp_year: z.int(),
  cardholder_name: z.nullable(z.string()),
});
export type CardView = z.infer<typeof cardView>;

export const createCustomerResponse = z.object({ customer_id: z.string() });

export const createCardRequest = z.object({
  /** A card nonce from the card form (Web Payments SDK, or a sandbox test nonce locally). */
  source_id: z.string({ error: V.cardRequired }).check(z.minLength(1, V.cardRequired), z.maxLength(256)),
  cardholder_name: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  /** Idempotency key of the registration (a retried click registers once). */
  uuid: z.optional(z.uuid({ error: V.purchaseKey })),
  /** 3-D Secure (EMV 3DS, required for online card payments in Japan): the token of verifyBuyer(). */
  verification_token: z.optional(z.string().check(z.minLength(1), z.maxLength(512))),
});
export const cardResponse = z.object({ card: cardView });
export const cardsResponse = z.object({ cards: z.array(cardView) });
export const deleteCardRequest = z.object({
  cardId: z.string({ error: V.cardRequired }).check(z.minLength(1), z.maxLength(256)),
});

/** `POST /square/create-payment`, names as spec section 7 gives them. `uuid` is the idempotency key. */
export const createPaymentRequest = z.object({
  uuid: z.uuid({ error: V.purchaseKey }),
  customerId: z.string().check(z.minLength(1), z.maxLength(256)),
  sourceId: z.string({ error: V.cardRequired }).check(z.minLength(1, V.cardRequired), z.maxLength(256)),
  /** 3-D Secure: the token of the Web Payments SDK's verifyBuyer() for this charge (not in the local stand-in). */
  verificationToken: z.optional(z.string().check(z.minLength(1), z.maxLength(512))),
  /** Yen, tax included; must equal amount × yen per mushroom. */
  price: z.number({ error: V.purchasePrice }).check(z.int(V.purchasePrice)),
  /** Mushrooms. */
  amount: z
    .number({ error: V.purchaseAmount })
    .check(
      z.int(V.purchaseAmount),
      z.gte(P.purchaseMinMushrooms, V.purchaseAmount),
      z.lte(P.purchaseMaxMushrooms, V.purchaseAmount),
    ),
});
export type CreatePaymentRequest = z.infer<typeof createPaymentRequest>;

export const createPaymentResponse = z.object({
  payment_id: z.string(),
  state: z.literal('completed'),
  mushrooms: z.int(),
  price: z.int(),
  paid_at: z.string(),
  expires_at: z.string(),
  balance: balanceView,
});
export type CreatePaymentResponse = z.infer<typeof createPaymentResponse>;
