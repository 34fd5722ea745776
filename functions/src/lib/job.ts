/** The wrapper of scheduled jobs: middy with the logger's context; logs the job's summary. */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import { type Clock, systemClock } from './clock.ts';
import { logger } from './logger.ts';
import { metricsFlush } from './metrics-flush.ts';

export function jobHandler(name: string, run: (clock: Clock) => Promise<Record<string, unknown>>) {
  return middy(async () => {
    const summary = await run(systemClock);
    logger.info(`job ${name} done`, summary);
    return summary;
  })
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(metricsFlush());
}
