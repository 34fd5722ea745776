/**
 * What the code under test recorded with Powertools Metrics (in this process), each metric with
 * the dimension of its single-metric line when it has one. Metrics print nothing in tests
 * (POWERTOOLS_METRICS_DISABLED, vitest.config.ts); this reads the calls instead.
 */
import { Metrics } from '@aws-lambda-powertools/metrics';
import { vi } from 'vitest';

export interface Recorded {
  name: string;
  value: number;
  dimensions: Record<string, string>;
}

export function recordMetrics(): { recorded: () => Recorded[]; stop: () => void } {
  const metric = vi.spyOn(Metrics.prototype, 'addMetric');
  const dimension = vi.spyOn(Metrics.prototype, 'addDimension');
  return {
    recorded: () =>
      metric.mock.calls.map(([name, , value], i) => {
        const self = metric.mock.contexts[i];
        const dimensions: Record<string, string> = {};
        dimension.mock.calls.forEach(([key, dimValue], j) => {
          if (dimension.mock.contexts[j] === self) dimensions[key] = dimValue;
        });
        return { name, value, dimensions };
      }),
    stop: () => {
      metric.mockRestore();
      dimension.mockRestore();
    },
  };
}
