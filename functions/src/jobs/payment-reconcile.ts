import { businessConfig } from '@app/shared/config';
import { jobHandler } from '../lib/job.ts';
import { paymentDeps } from '../lib/payment-deps.ts';
import { reconcilePending } from '../services/points/purchase.ts';

export const handler = jobHandler('payment-reconcile', async (clock) =>
  reconcilePending({ ...(await paymentDeps()), clock }, businessConfig.points.pendingPaymentMinutes * 60_000),
);
