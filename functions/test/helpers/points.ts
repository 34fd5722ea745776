/** Fans ready to buy, cards and purchases through the public API, for the points tests. */
import { randomUUID } from 'node:crypto';
import { localNonceFor, SANDBOX_NONCES } from '@app/shared/square-sandbox';
import { inject } from 'vitest';
import { signInFan, uniqueEmail, validProfile, validUser } from './accounts.ts';
import { api } from './cloud.ts';

export interface Buyer {
  token: string;
  profileId: string;
  email: string;
  customerId: string;
}

/** A fan through LINE with sign-up steps 1-2 done (adult unless `birthDate` says otherwise) and a Square customer. */
export async function buyer(opts: { birthDate?: string } = {}): Promise<Buyer> {
  const fan = await signInFan();
  const token = fan.access_token;
  const email = uniqueEmail('fan');
  const profile = await api('/mypage/profile/update', { token, body: validProfile() });
  if (profile.status !== 200) throw new Error(`profile: ${profile.status}`);
  const user = await api('/mypage/user', {
    token,
    body: { ...validUser, notification_email: email, birth_date: opts.birthDate ?? validUser.birth_date },
  });
  if (user.status !== 200) throw new Error(`user: ${user.status} ${JSON.stringify(user.body)}`);
  const customer = await api('/square/create-customer', { token, method: 'POST' });
  if (customer.status !== 200)
    throw new Error(`customer: ${customer.status} ${JSON.stringify(customer.body)}`);
  return { token, profileId: fan.profile_id, email, customerId: customer.body.customer_id };
}

/** Registers a test card (by number, see shared/src/square-sandbox.ts) and returns its id. */
export async function addCard(b: Buyer, number = '4111111111111111'): Promise<string> {
  const res = await api('/square/create-card', {
    token: b.token,
    body: { source_id: localNonceFor(number) },
  });
  if (res.status !== 200) throw new Error(`card: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.card.id;
}

export function purchaseBody(b: Buyer, sourceId: string, amount: number, uuid: string = randomUUID()) {
  return { uuid, customerId: b.customerId, sourceId, price: amount * 10, amount };
}

export const buy = (b: Buyer, sourceId: string, amount: number, uuid?: string) =>
  api('/square/create-payment', { token: b.token, body: purchaseBody(b, sourceId, amount, uuid) });

export interface StandInPayment {
  id: string;
  idempotency_key: string;
  amount: number;
  status: string;
}

/** What the Square stand-in charged for an idempotency key. */
export async function squareCharges(idempotencyKey: string): Promise<StandInPayment[]> {
  const res = await fetch(
    `${inject('url')}/_local/square/_payments.json?idempotency_key=${encodeURIComponent(idempotencyKey)}`,
  );
  if (!res.ok) throw new Error(`square stand-in answered ${res.status}`);
  const body = (await res.json()) as StandInPayment[] | { payments: StandInPayment[] };
  return Array.isArray(body) ? body : body.payments;
}

export { SANDBOX_NONCES };
