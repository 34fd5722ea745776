/**
 * The receipt mail of a completed card purchase (stream consumer `streams/purchase-receipts`):
 * sent to the fan's notification e-mail, or the account e-mail of an owner, in the language of the
 * purchase, then marked on the payment (`receiptSentAt`). A redelivered record finds the mark and
 * sends nothing; only a crash between the mail and the mark sends it twice (at least once: a
 * receipt is never lost). A failure throws, so the record is retried.
 */
import type { Language } from '@app/shared/config';
import { isConditionFailure } from '../../db/errors.ts';
import type { Db } from '../../db/service.ts';
import type { Clock } from '../../lib/clock.ts';
import type { StreamRecord } from '../../lib/stream.ts';
import { type Mailer, purchaseReceiptMail } from '../mail.ts';

export interface ReceiptDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
}

export async function sendPurchaseReceipt(deps: ReceiptDeps, uuid: string): Promise<void> {
  const { db } = deps;
  const { data: p } = await db.entities.payment.get({ uuid }).go({ consistent: true });
  if (p?.state !== 'completed' || p.receiptSentAt) return;
  // The account e-mail (an owner's) is read only when there is no notification e-mail (a fan's).
  const info = await db.entities.userInfo.get({ profileId: p.profileId }).go();
  const to =
    info.data?.notificationEmail ??
    (await db.entities.profile.get({ profileId: p.profileId }).go()).data?.email;
  if (to) {
    const lang: Language = p.lang === 'en' ? 'en' : 'ja';
    await deps.mailer.send(
      purchaseReceiptMail(lang, to, {
        paymentId: p.uuid,
        mushrooms: p.mushrooms,
        yen: p.yen,
        paidAt: new Date(p.paidAt ?? p.createdAt),
        expiresAt: new Date(p.expiresAt ?? p.createdAt),
      }),
    );
  }
  await db.entities.payment
    .patch({ uuid })
    .set({ receiptSentAt: deps.clock.now().toISOString() })
    .where((a, op) => op.notExists(a.receiptSentAt))
    .go({ response: 'none' })
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/** One record of the stream (a payment item that became completed) → its receipt. */
export async function receiptRecord(deps: ReceiptDeps, record: StreamRecord): Promise<void> {
  const { data: payment } = deps.db.entities.payment.parse({ Item: record.image });
  if (payment) await sendPurchaseReceipt(deps, payment.uuid);
}
