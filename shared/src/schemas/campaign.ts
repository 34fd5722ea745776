/**
 * Console: stamps and campaigns (issue 17). The registration campaign as the public pages show it
 * (the creator sign-up hint, the creators' landing page, the creator terms):
 * - `GET /auth/register/campaign` (anyone; cacheable) → `registrationCampaignResponse`
 * It is the configuration's code (`rewards.campaignCode`) as the campaign table holds it now: an
 * operator's edit or "end now" shows here within the catalogue's cache time. Null: not running.
 */
import * as z from 'zod/mini';

export const registrationCampaignView = z.object({
  /** The chat rate in whole percent. */
  rate_percent: z.int(),
  /** The end (UTC ISO, exclusive): the last day shown is the JST day before this instant. */
  ends_at: z.string(),
});
export type RegistrationCampaignView = z.infer<typeof registrationCampaignView>;

export const registrationCampaignResponse = z.object({ campaign: z.nullable(registrationCampaignView) });
export type RegistrationCampaignResponse = z.infer<typeof registrationCampaignResponse>;
