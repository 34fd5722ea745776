/** Contracts of the store and of card payments (Square). */
import * as z from 'zod';
import { businessConfig } from '../config.ts';
import { V } from '../validation.ts';
import { balanceView } from './points.ts';

const P = businessConfig.points;

export const storePackView = z.object({
  mushrooms: z.number().int(),
  /** Yen, consumption tax included. */
  price: z.number().int(),
});

/** Where the card form comes from: the Square Web Payments SDK, or the local stand-in's test form. */
export const squareSettings = z.object({
  environment: z.enum(['local', 'sandbox', 'production']),
  application_id: z.string(),
  location_id: z.string(),
});

export const storeResponse = z.object({
  packs: z.array(storePackView),
  min: z.number().int(),
  max: z.number().int(),
  yen_per_mushroom: z.number().int(),
  tax_rate: z.number(),
  balance: balanceView,
  /** What the caps still allow today / this month (minors only, else null). */
  remaining_yen: z.object({ day: z.number().int(), month: z.number().int().nullable() }),
  /** False for creators and admins ('Creator accounts cannot make purchases.'). */
  can_purchase: z.boolean(),
  customer_id: z.string().nullable(),
  square: squareSettings,
});
export type StoreResponse = z.infer<typeof storeResponse>;

export const cardView = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  cardholder_name: z.string().nullable(),
});
export type CardView = z.infer<typeof cardView>;

export const createCustomerResponse = z.object({ customer_id: z.string() });

export const createCardRequest = z.object({
  /** A card nonce from the card form (Web Payments SDK, or a sandbox test nonce locally). */
  source_id: z.string({ error: V.cardRequired }).min(1, V.cardRequired).max(256),
  cardholder_name: z.string().trim().max(100).optional(),
  /** Idempotency key of the registration (a retried click registers once). */
  uuid: z.uuid({ error: V.purchaseKey }).optional(),
  /** 3-D Secure (EMV 3DS, required for online card payments in Japan): the token of verifyBuyer(). */
  verification_token: z.string().min(1).max(512).optional(),
});
export const cardResponse = z.object({ card: cardView });
export const cardsResponse = z.object({ cards: z.array(cardView) });
export const deleteCardRequest = z.object({ cardId: z.string({ error: V.cardRequired }).min(1).max(256) });

/** `POST /square/create-payment`, names as spec section 7 gives them. `uuid` is the idempotency key. */
export const createPaymentRequest = z.object({
  uuid: z.uuid({ error: V.purchaseKey }),
  customerId: z.string().min(1).max(256),
  sourceId: z.string({ error: V.cardRequired }).min(1, V.cardRequired).max(256),
  /** 3-D Secure: the token of the Web Payments SDK's verifyBuyer() for this charge (not in the local stand-in). */
  verificationToken: z.string().min(1).max(512).optional(),
  /** Yen, tax included; must equal amount × yen per mushroom. */
  price: z.number({ error: V.purchasePrice }).int(V.purchasePrice),
  /** Mushrooms. */
  amount: z
    .number({ error: V.purchaseAmount })
    .int(V.purchaseAmount)
    .min(P.purchaseMinMushrooms, V.purchaseAmount)
    .max(P.purchaseMaxMushrooms, V.purchaseAmount),
});
export type CreatePaymentRequest = z.infer<typeof createPaymentRequest>;

export const createPaymentResponse = z.object({
  payment_id: z.string(),
  state: z.literal('completed'),
  mushrooms: z.number().int(),
  price: z.number().int(),
  paid_at: z.string(),
  expires_at: z.string(),
  balance: balanceView,
});
export type CreatePaymentResponse = z.infer<typeof createPaymentResponse>;
