/**
 * Fans sign in with LINE Login (OAuth 2.0 + OpenID Connect). The state is a short-lived signed
 * token carrying the redirect URI, the nonce and, in the recovery flow, the profile to move.
 */
import { businessConfig } from '@app/shared/config';
import type { TokenResponse } from '@app/shared/schemas/auth';
import { languagePrefixes } from '@app/shared/site-routes';
import { jwtVerify } from 'jose';
import * as z from 'zod/mini';
import type { Db } from '../db/service.ts';
import type { Clock } from '../lib/clock.ts';
import { newId, randomToken } from '../lib/crypto.ts';
import { AppError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { signToken, verifyToken } from '../lib/tokens.ts';
import { profileByClaim } from './accounts.ts';
import type { ConnectionSender } from './realtime.ts';
import { endAllSessions, startSession } from './sessions.ts';
import { isListed } from './social/directory.ts';

export interface LineConfig {
  channelId: string;
  channelSecret: string;
  authorizeUrl: string;
  apiUrl: string;
}

export interface LineDeps {
  db: Db;
  clock: Clock;
  authSecret: string;
  /** The site's own origin (SITE_URL): LINE may only send fans back to its /line-callback. */
  siteUrl: string;
  /** The @connections API: moving the account ends its sessions and closes their sockets. */
  sockets: ConnectionSender;
  line: LineConfig;
  fetch?: typeof fetch;
}

const A = businessConfig.auth;
const LINE_ISSUER = 'https://access.line.me';

/** The only redirect URIs the site signs: its own /line-callback screen in its three language forms. */
export function lineCallbackUris(siteUrl: string): string[] {
  return languagePrefixes.map((prefix) => new URL(`${prefix}/line-callback`, siteUrl).href);
}

function assertOwnCallback(deps: LineDeps, redirectUri: string) {
  if (!lineCallbackUris(deps.siteUrl).includes(redirectUri)) {
    throw new AppError('bad_request', "redirect_uri is not this site's /line-callback");
  }
}

/**
 * The inviting creator of a login (A7/P6): an active creator with that username, else none (an
 * unknown, left or suspended creator's link signs up an ordinary fan; the login never fails for it).
 */
async function invitingCreator(db: Db, username: string | undefined): Promise<string | undefined> {
  if (!username) return undefined;
  const creator = await profileByClaim(db, 'username', username.toLowerCase());
  return creator && isListed(creator) ? creator.profileId : undefined;
}

export async function authorizeUrl(
  deps: LineDeps,
  redirectUri: string,
  recoveryToken?: string,
  invitedBy?: string,
) {
  assertOwnCallback(deps, redirectUri);
  // The invitation rides in the signed state through LINE's round trip, to the account it creates.
  const invite = recoveryToken ? undefined : await invitingCreator(deps.db, invitedBy);
  let recoverProfileId: string | undefined;
  if (recoveryToken) {
    const { sub } = await verifyToken(
      deps.authSecret,
      'line-recovery',
      recoveryToken,
      deps.clock.now(),
    ).catch(() => {
      throw new AppError('line_state_invalid');
    });
    recoverProfileId = sub;
  }
  const nonce = randomToken(16);
  const state = await signToken(
    deps.authSecret,
    'line-state',
    {
      redirect_uri: redirectUri,
      nonce,
      ...(recoverProfileId ? { recover: recoverProfileId } : {}),
      ...(invite ? { invite } : {}),
    },
    'line',
    deps.clock.now(),
    A.lineStateMinutes * 60,
  );
  const url = new URL(deps.line.authorizeUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: deps.line.channelId,
    redirect_uri: redirectUri,
    state,
    scope: 'profile openid',
    nonce,
  }).toString();
  return { url: url.toString(), state };
}

const tokenResponse = z.object({ id_token: z.string(), access_token: z.string() });

async function lineIdentity(deps: LineDeps, code: string, redirectUri: string, nonce: string) {
  const doFetch = deps.fetch ?? fetch;
  const res = await doFetch(new URL('oauth2/v2.1/token', `${deps.line.apiUrl.replace(/\/$/, '')}/`), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: deps.line.channelId,
      client_secret: deps.line.channelSecret,
    }),
  });
  if (!res.ok) {
    logger.warn('LINE token exchange refused', { status: res.status });
    throw new AppError('line_login_failed');
  }
  const tokens = tokenResponse.parse(await res.json());
  try {
    const { payload } = await jwtVerify(tokens.id_token, new TextEncoder().encode(deps.line.channelSecret), {
      issuer: LINE_ISSUER,
      audience: deps.line.channelId,
      algorithms: ['HS256'],
      currentDate: deps.clock.now(),
    });
    if (payload.nonce !== nonce || typeof payload.sub !== 'string') throw new Error('nonce or subject');
    return { lineUserId: payload.sub, name: typeof payload.name === 'string' ? payload.name : undefined };
  } catch (error) {
    logger.warn('LINE id_token rejected', { reason: (error as Error).message });
    throw new AppError('line_login_failed');
  }
}

export async function completeLineLogin(
  deps: LineDeps,
  code: string,
  state: string,
  redirectUri: string,
): Promise<TokenResponse> {
  assertOwnCallback(deps, redirectUri);
  const { claims } = await verifyToken(deps.authSecret, 'line-state', state, deps.clock.now()).catch(() => {
    throw new AppError('line_state_invalid');
  });
  if (claims.redirect_uri !== redirectUri) throw new AppError('line_state_invalid');
  const identity = await lineIdentity(deps, code, redirectUri, String(claims.nonce));
  if (typeof claims.recover === 'string') return moveToLineAccount(deps, claims.recover, identity.lineUserId);

  const existing = await profileByClaim(deps.db, 'line', identity.lineUserId);
  if (existing) {
    if (existing.status === 'suspended') throw new AppError('account_suspended');
    return { ...(await startSession(deps, existing)), is_new: false };
  }
  const now = deps.clock.now().toISOString();
  const profileId = newId();
  const roleId = businessConfig.roles.FAN;
  const result = await deps.db.transaction
    .write(({ uniqueClaim, profile }) => [
      uniqueClaim.create({ kind: 'line', value: identity.lineUserId, profileId }).commit(),
      profile
        .create({
          profileId,
          roleId,
          status: 'active',
          lineUserId: identity.lineUserId,
          nickname: identity.name?.slice(0, businessConfig.limits.nicknameMax),
          // Attributed to the inviting creator; the notice comes when the sign-up completes.
          ...(typeof claims.invite === 'string' ? { invitedBy: claims.invite } : {}),
          step: 1,
          finalStep: 0,
          createdAt: now,
          updatedAt: now,
        })
        .commit(),
    ])
    .go();
  if (result.canceled) {
    // The same LINE user signed in twice at once: the other request created the profile.
    const created = await profileByClaim(deps.db, 'line', identity.lineUserId);
    if (!created) throw new AppError('line_login_failed');
    return { ...(await startSession(deps, created)), is_new: false };
  }
  return { ...(await startSession(deps, { profileId, roleId })), is_new: true };
}

/** Recovery: the fan proved their notification e-mail; the new LINE account now signs in to the old profile. */
async function moveToLineAccount(
  deps: LineDeps,
  profileId: string,
  lineUserId: string,
): Promise<TokenResponse> {
  const { db, clock } = deps;
  const { data: fan } = await db.entities.profile.get({ profileId }).go();
  if (!fan) throw new AppError('profile_not_found');
  if (fan.status === 'suspended') throw new AppError('account_suspended');
  if (fan.lineUserId !== lineUserId) {
    const owner = await profileByClaim(db, 'line', lineUserId);
    if (owner) throw new AppError('line_login_failed', 'this LINE account already has a profile');
    const old = fan.lineUserId;
    const result = await db.transaction
      .write(({ uniqueClaim, profile }) => [
        uniqueClaim.create({ kind: 'line', value: lineUserId, profileId }).commit(),
        ...(old ? [uniqueClaim.delete({ kind: 'line', value: old }).commit()] : []),
        profile
          .patch({ profileId })
          .set({ lineUserId, updatedAt: clock.now().toISOString() })
          .where((attr, op) => (old ? op.eq(attr.lineUserId, old) : op.notExists(attr.lineUserId)))
          .commit(),
      ])
      .go();
    if (result.canceled) throw new AppError('line_login_failed');
    await endAllSessions(deps, profileId);
  }
  return { ...(await startSession(deps, fan)), recovered: true };
}
