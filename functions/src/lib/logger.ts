import { Logger } from '@aws-lambda-powertools/logger';

type Level = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT';

/** Structured JSON logs. Never pass tokens, passwords, codes, card data or personal data. */
export const logger = new Logger({
  serviceName: 'kinoko',
  logLevel:
    (process.env.LOG_LEVEL as Level | undefined) ?? (process.env.STAGE === 'test' ? 'SILENT' : 'INFO'),
});
