import * as z from 'zod/mini';
import { businessConfig } from '../config.ts';
import { codeSchema, emailSchema, passwordSchema, USERNAME_RE, usernameSchema, V } from '../validation.ts';

const R = businessConfig.roles;

/** A new password typed twice (registration, reset, a cast's own password: schemas/organizations.ts). */
export const passwordPair = z
  .object({ password: passwordSchema, password_confirmation: z.string({ error: V.required }) })
  .check(
    z.refine((v) => v.password === v.password_confirmation, {
      message: V.passwordMismatch,
      path: ['password_confirmation'],
    }),
  );

/** Start of e-mail registration: sends a 6-digit code. role_id 2 creator (default), 1 shop/organization owner. */
export const registerRequest = z.object({
  email: emailSchema,
  role_id: z._default(z.union([z.literal(R.CREATOR), z.literal(R.USER)]), R.CREATOR),
});
/** The form of a campaign code (the console creates them so; the table decides which exist). */
export const CAMPAIGN_CODE_RE = new RegExp(businessConfig.admin.catalog.campaignCodePattern);

/** A campaign code as typed: full-width made half-width, spaces dropped, upper case ('' = none). */
export function normalizeCampaignCode(input: string): string {
  return input.normalize('NFKC').replace(/\s+/gu, '').toUpperCase();
}

/**
 * The account is created here, so the creator terms are agreed to here (their version and the
 * time are stored on the profile), and an optional campaign code (the chat campaign rate,
 * DECISIONS.md "Creator rewards") is given here. Its form is checked here; the server looks it up
 * in the campaign catalogue (the table): unknown (V.campaignCode) or ended (V.campaignEnded).
 */
export const registerVerifyRequest = z.intersection(
  z.object({
    email: emailSchema,
    code: codeSchema,
    campaign_code: z.optional(
      z.string({ error: V.campaignCode }).check(
        z.maxLength(40, V.campaignCode),
        z.overwrite(normalizeCampaignCode),
        // The catalogue (the table) knows the codes: an unknown one is refused by the server.
        z.refine((s) => s === '' || CAMPAIGN_CODE_RE.test(s), V.campaignCode),
      ),
    ),
    agree_creator_terms: z.literal(true, { error: V.creatorTerms }),
  }),
  passwordPair,
);

export const loginRequest = z.object({
  email: emailSchema,
  password: z.string({ error: V.required }).check(z.minLength(1, V.required)),
});
export const loginProfileRequest = z.object({
  username: usernameSchema,
  password: z.string({ error: V.required }).check(z.minLength(1, V.required)),
});

export const forgotPasswordRequest = z.object({ email: emailSchema });
export const forgotPasswordVerifyRequest = z.intersection(
  z.object({ email: emailSchema, code: codeSchema }),
  passwordPair,
);

export const updateTokenRequest = z.object({
  refresh_token: z
    .string({ error: V.required })
    .check(z.minLength(1, V.required), z.maxLength(256, V.required)),
});
export const logoutRequest = z.object({ refresh_token: z.optional(z.string().check(z.maxLength(256))) });

export const lineAuthorizeRequest = z.object({
  redirect_uri: z.url(),
  recovery_token: z.optional(z.string()),
  /**
   * The username of the creator whose invitation link (`/@{username}?invite=1`) brought the visitor,
   * kept by the site for `social.invitationDays`: a fan account created by this login is theirs.
   */
  invited_by: z.optional(z.string().check(z.regex(USERNAME_RE))),
});
export const lineAuthorizeResponse = z.object({ url: z.url(), state: z.string() });
export const lineCallbackRequest = z.object({
  code: z.string().check(z.minLength(1, V.required)),
  state: z.string().check(z.minLength(1, V.required)),
  redirect_uri: z.url(),
});

/** LINE recovery: the fan's notification e-mail gets a code; the code gives a recovery token. */
export const lineRecoveryRequest = z.object({ email: emailSchema });
export const lineRecoveryVerifyRequest = z.object({ email: emailSchema, code: codeSchema });
export const lineRecoveryVerifyResponse = z.object({ recovery_token: z.string() });

export const tokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  refresh_token_expires_at: z.string(),
  profile_id: z.string(),
  role_id: z.int(),
  is_new: z.optional(z.boolean()),
  recovered: z.optional(z.boolean()),
  /** A cast at its first login (or after its owner reset the password): choose a new one first. */
  password_change_required: z.optional(z.boolean()),
});
export const okResponse = z.object({ ok: z.literal(true) });

export type RegisterRequest = z.input<typeof registerRequest>;
export type RegisterVerifyRequest = z.input<typeof registerVerifyRequest>;
export type LoginRequest = z.input<typeof loginRequest>;
export type LoginProfileRequest = z.input<typeof loginProfileRequest>;
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;
export type ForgotPasswordVerifyRequest = z.input<typeof forgotPasswordVerifyRequest>;
export type UpdateTokenRequest = z.input<typeof updateTokenRequest>;
export type LineAuthorizeRequest = z.input<typeof lineAuthorizeRequest>;
export type LineAuthorizeResponse = z.infer<typeof lineAuthorizeResponse>;
export type LineCallbackRequest = z.input<typeof lineCallbackRequest>;
export type LineRecoveryRequest = z.input<typeof lineRecoveryRequest>;
export type LineRecoveryVerifyRequest = z.input<typeof lineRecoveryVerifyRequest>;
export type LineRecoveryVerifyResponse = z.infer<typeof lineRecoveryVerifyResponse>;
export type TokenResponse = z.infer<typeof tokenResponse>;
export type OkResponse = z.infer<typeof okResponse>;
