/**
 * The business and failure metrics the functions emit (CloudWatch embedded metric format through
 * Powertools Metrics, lib/metrics.ts), named once: the infra's alarms and dashboard
 * (infra/src/monitoring-stack.ts) read the same names. No Powertools import here, so the infra and
 * bundles that emit nothing can read it.
 */

/** The `service` dimension of every metric (the namespace is the stage's, POWERTOOLS_METRICS_NAMESPACE). */
export const METRICS_SERVICE = 'kinoko';

export const METRIC = {
  /** Completed card purchases (count), with the mushrooms credited and the yen charged. */
  purchases: 'Purchases',
  purchasedPoints: 'PurchasedPoints',
  purchasedYen: 'PurchasedYen',
  /** Paid chat messages and stamps (count) and the points they spent. */
  paidMessages: 'PaidMessages',
  paidMessagePoints: 'PaidMessagePoints',
  /** Card payments that did not complete, by `class` (PAYMENT_FAILURE_CLASSES). */
  paymentFailures: 'PaymentFailures',
  /** Payments the reconciler settled in a run, by `outcome` (completed, failed). */
  paymentsReconciled: 'PaymentsReconciled',
  /** Payments still pending after a reconciler run although older than its window (a gauge, every run). */
  paymentsPendingPastWindow: 'PaymentsPendingPastWindow',
  /** Stream records a consumer failed on (each is retried, then dead-lettered), by `consumer`. */
  streamRecordFailures: 'StreamRecordFailures',
  /** Queue messages a consumer failed on (each comes back after its visibility timeout, then dead-letters), by `queue`. */
  queueMessageFailures: 'QueueMessageFailures',
} as const;

/** The `consumer` dimension of a stream consumer's failures: its handler without `streams/` (the name it gives streamHandler). */
export const consumerName = (handler: string): string => handler.replace(/^streams\//, '');

/**
 * declined: the card or Square refused the charge; network: no answer from Square (the payment
 * stays pending for a retry or the reconciler); unknown: Square answered with an error whose outcome
 * is unknown (pending too).
 */
export const PAYMENT_FAILURE_CLASSES = ['declined', 'network', 'unknown'] as const;
export type PaymentFailureClass = (typeof PAYMENT_FAILURE_CLASSES)[number];

export const RECONCILER_OUTCOMES = ['completed', 'failed'] as const;
