import { afterEach, describe, expect, it } from 'vitest';
import { recordMetrics } from '../../test/helpers/metrics.ts';
import { METRIC } from './metric-names.ts';
import {
  metrics,
  recordPaidMessage,
  recordPaymentFailure,
  recordPurchase,
  recordReconcilerRun,
} from './metrics.ts';
import { flushMetrics } from './metrics-flush.ts';

let spy: ReturnType<typeof recordMetrics> | undefined;
afterEach(() => {
  spy?.stop();
  flushMetrics();
});

describe('business metrics', () => {
  it('a purchase records its count, points and yen, published by the flush of the invocation', () => {
    spy = recordMetrics();
    recordPurchase({ points: 100, yen: 1000 });
    expect(spy.recorded()).toEqual([
      { name: METRIC.purchases, value: 1, dimensions: {} },
      { name: METRIC.purchasedPoints, value: 100, dimensions: {} },
      { name: METRIC.purchasedYen, value: 1000, dimensions: {} },
    ]);
    expect(metrics.hasStoredMetrics()).toBe(true);
    flushMetrics();
    expect(metrics.hasStoredMetrics()).toBe(false);
  });

  it('a paid message records its count and points', () => {
    spy = recordMetrics();
    recordPaidMessage(30);
    expect(spy.recorded()).toEqual([
      { name: METRIC.paidMessages, value: 1, dimensions: {} },
      { name: METRIC.paidMessagePoints, value: 30, dimensions: {} },
    ]);
  });

  it('a payment failure is published at once with its class', () => {
    spy = recordMetrics();
    recordPaymentFailure('network');
    expect(spy.recorded()).toEqual([
      { name: METRIC.paymentFailures, value: 1, dimensions: { class: 'network' } },
    ]);
    expect(metrics.hasStoredMetrics()).toBe(false);
  });

  it('a reconciler run records what it settled by outcome and always the pending gauge, 0 included', () => {
    spy = recordMetrics();
    recordReconcilerRun({ completed: 2, failed: 0, pending: 0 });
    expect(spy.recorded()).toEqual([
      { name: METRIC.paymentsReconciled, value: 2, dimensions: { outcome: 'completed' } },
      { name: METRIC.paymentsPendingPastWindow, value: 0, dimensions: {} },
    ]);
  });
});
