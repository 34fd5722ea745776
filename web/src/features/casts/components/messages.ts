import { organizationMessageParams } from '@app/shared/schemas/organizations';

/**
 * The placeholder values of a cast screen's messages: the organizations' (`{{max}}` casts) under
 * the values the API sent with the error.
 */
export const castMessageValues = (params?: Record<string, string | number>) => ({
  ...organizationMessageParams,
  ...params,
});
