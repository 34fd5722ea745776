/** The wrapper of scheduled jobs: middy with the logger's context; logs the job's summary. */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import { type Clock, systemClock } from './clock.ts';
import { logger } from './logger.ts';
import { metricsFlush } from './metrics-flush.ts';

/** `run` gets the event too: a one-time schedule's Input (recurring jobs ignore it). */
export function jobHandler(
  name: string,
  run: (clock: Clock, event: unknown) => Promise<Record<string, unknown>>,
) {
  return middy(async (event: unknown) => {
    const summary = await run(systemClock, event);
    logger.info(`job ${name} done`, summary);
    return summary;
  })
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(metricsFlush());
}
