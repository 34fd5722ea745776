/** Cards on file, kept in Square under the profile's Square customer; nothing about them is stored here. */
import type { CardView } from '@app/shared/schemas/store';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { CardError, type GatewayCard, type PaymentGateway } from '../../lib/payment-gateway.ts';
import { assertCanPurchase, customerOf } from './purchase.ts';

export interface CardDeps {
  db: Db;
  clock: Clock;
  gateway: PaymentGateway;
}

export function cardView(card: GatewayCard): CardView {
  return {
    id: card.id,
    brand: card.brand,
    last4: card.last4,
    exp_month: card.expMonth,
    exp_year: card.expYear,
    cardholder_name: card.cardholderName,
  };
}

/** The profile's Square customer, created once (Square's idempotency key is derived from the profile). */
export async function ensureCustomer(deps: CardDeps, profile: ProfileItem): Promise<{ customer_id: string }> {
  assertCanPurchase(profile);
  const existing = await customerOf(deps.db, profile.profileId);
  if (existing) return { customer_id: existing };
  const created = await deps.gateway.createCustomer({
    idempotencyKey: `customer-${profile.profileId}`,
    referenceId: profile.profileId,
  });
  const result = await deps.db.entities.squareCustomer
    .create({
      profileId: profile.profileId,
      customerId: created.id,
      createdAt: deps.clock.now().toISOString(),
    })
    .go()
    .then(() => created.id)
    .catch(async () => customerOf(deps.db, profile.profileId));
  if (!result) throw new AppError('internal', 'customer could not be stored');
  return { customer_id: result };
}

export async function registerCard(
  deps: CardDeps,
  profile: ProfileItem,
  input: {
    source_id: string;
    cardholder_name?: string | undefined;
    uuid?: string | undefined;
    verification_token?: string | undefined;
  },
): Promise<{ card: CardView }> {
  const { customer_id } = await ensureCustomer(deps, profile);
  try {
    const card = await deps.gateway.createCard({
      idempotencyKey: input.uuid ?? newId(),
      sourceId: input.source_id,
      customerId: customer_id,
      ...(input.cardholder_name ? { cardholderName: input.cardholder_name } : {}),
      ...(input.verification_token ? { verificationToken: input.verification_token } : {}),
    });
    return { card: cardView(card) };
  } catch (error) {
    if (error instanceof CardError) {
      logger.info('card registration refused', { code: error.code, squareCodes: error.squareCodes });
      throw new AppError(error.code);
    }
    throw error;
  }
}

export async function listCards(deps: CardDeps, profile: ProfileItem): Promise<{ cards: CardView[] }> {
  assertCanPurchase(profile);
  const customerId = await customerOf(deps.db, profile.profileId);
  if (!customerId) return { cards: [] };
  const cards = await deps.gateway.listCards(customerId);
  return { cards: cards.filter((c) => c.enabled && c.customerId === customerId).map(cardView) };
}

/** Disables a card of the caller's customer; another customer's card is 'not found'. */
export async function deleteCard(
  deps: CardDeps,
  profile: ProfileItem,
  cardId: string,
): Promise<{ ok: true }> {
  assertCanPurchase(profile);
  const customerId = await customerOf(deps.db, profile.profileId);
  const card = customerId ? await deps.gateway.getCard(cardId).catch(() => null) : null;
  if (!card || card.customerId !== customerId || !card.enabled) throw new AppError('card_not_found');
  try {
    await deps.gateway.disableCard(cardId);
  } catch (error) {
    logger.warn('card deletion failed', { error: error as Error });
    throw new AppError('card_delete_failed');
  }
  return { ok: true };
}
