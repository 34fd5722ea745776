/**
 * Business and failure metrics through Powertools Metrics, in CloudWatch's embedded metric format
 * (EMF): one JSON line on stdout per invocation that recorded something, which CloudWatch turns into
 * metrics of the stage's namespace (POWERTOOLS_METRICS_NAMESPACE) with the dimension
 * `service=kinoko`. Flushed by the handler factories (metrics-flush.ts). Locally the same lines
 * appear among the function logs; tests set POWERTOOLS_METRICS_DISABLED (vitest.config.ts).
 * Names: metric-names.ts (the alarms read the same).
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logger } from './logger.ts';
import {
  METRIC,
  METRICS_SERVICE,
  type PaymentFailureClass,
  type RECONCILER_OUTCOMES,
} from './metric-names.ts';
import { onMetricsFlush } from './metrics-flush.ts';

/** Its warnings (an invalid dimension, no namespace) go to the structured logger. */
export const metrics = /* @__PURE__ */ new Metrics({ serviceName: METRICS_SERVICE, logger });

let registered = false;

function recorder(): Metrics {
  if (!registered) {
    registered = true;
    onMetricsFlush(() => {
      if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
    });
  }
  return metrics;
}

/** A metric with its own dimension: published at once as its own EMF line (Powertools' single metric). */
function recordBy(dimension: string, value: string, name: string, count = 1): void {
  const single = recorder().singleMetric();
  single.addDimension(dimension, value);
  single.addMetric(name, MetricUnit.Count, count);
}

/** A card purchase completed (credited once: only the transaction that committed records it). */
export function recordPurchase(p: { points: number; yen: number }): void {
  const m = recorder();
  m.addMetric(METRIC.purchases, MetricUnit.Count, 1);
  m.addMetric(METRIC.purchasedPoints, MetricUnit.Count, p.points);
  m.addMetric(METRIC.purchasedYen, MetricUnit.NoUnit, p.yen);
}

/** A paid chat message or stamp was committed (not a replay). */
export function recordPaidMessage(points: number): void {
  const m = recorder();
  m.addMetric(METRIC.paidMessages, MetricUnit.Count, 1);
  m.addMetric(METRIC.paidMessagePoints, MetricUnit.Count, points);
}

export function recordPaymentFailure(failure: PaymentFailureClass): void {
  recordBy('class', failure, METRIC.paymentFailures);
}

/** One reconciler run: what it settled, and what is still pending past its window (0 included). */
export function recordReconcilerRun(
  counts: Record<(typeof RECONCILER_OUTCOMES)[number] | 'pending', number>,
): void {
  for (const outcome of ['completed', 'failed'] as const) {
    if (counts[outcome] > 0) recordBy('outcome', outcome, METRIC.paymentsReconciled, counts[outcome]);
  }
  recorder().addMetric(METRIC.paymentsPendingPastWindow, MetricUnit.Count, counts.pending);
}

/** A stream consumer failed on a record (it will be retried, then dead-lettered). */
export function recordStreamFailure(consumer: string): void {
  recordBy('consumer', consumer, METRIC.streamRecordFailures);
}

/** A queue consumer failed on a message (it comes back after its visibility timeout, then dead-letters). */
export function recordQueueFailure(queue: string): void {
  recordBy('queue', queue, METRIC.queueMessageFailures);
}
