import { Logger } from '@aws-lambda-powertools/logger';

/** Structured JSON logs. Never pass tokens, passwords, codes, card data or personal data. */
export const logger = new Logger({
  serviceName: 'kinoko',
  logLevel: process.env.STAGE === 'test' ? 'SILENT' : process.env.LOG_LEVEL === 'DEBUG' ? 'DEBUG' : 'INFO',
});
