/**
 * Figures of the console's news, banner and points section (issue 17), without zod: the web's
 * early chunk reads the message placeholders from here.
 */
import { businessConfig } from './config.ts';

const A = businessConfig.admin;

export const CONTENT_LIMITS = {
  newsTitleMax: 100,
  newsBodyMax: 5000,
  bannerAltMax: 200,
  bannerLinkMax: 500,
  /** Leaves granted to one fan at once. */
  grantPointsMax: 100_000,
} as const;

/** The placeholders of this section's validation messages. */
export const contentMessageParams = {
  news_title_max: CONTENT_LIMITS.newsTitleMax,
  news_body_max: CONTENT_LIMITS.newsBodyMax,
  banner_alt_max: CONTENT_LIMITS.bannerAltMax,
  grant_list_max: A.grantListMax,
  grant_points_max: CONTENT_LIMITS.grantPointsMax,
  content_reason_max: A.reasonMax,
} as const;
