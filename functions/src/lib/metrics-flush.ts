/**
 * Flushes the metrics of an invocation: every handler factory (http.ts, ws.ts, job.ts, stream.ts)
 * uses `metricsFlush()`. It holds no Powertools code: lib/metrics.ts registers its flush here the
 * first time a metric is recorded, so a bundle that records nothing carries no metrics code, and an
 * invocation that recorded nothing prints nothing (Powertools' own `logMetrics` middleware would
 * warn "No application metrics to publish" on every such invocation).
 */
import type middy from '@middy/core';

const flushes = new Set<() => void>();

export function onMetricsFlush(flush: () => void): void {
  flushes.add(flush);
}

/** Publishes what this invocation recorded (EMF on stdout: CloudWatch reads it from the function's logs). */
export function flushMetrics(): void {
  for (const flush of flushes) flush();
}

export const metricsFlush = (): middy.MiddlewareObj => ({ after: flushMetrics, onError: flushMetrics });
