/** Signed tokens: access tokens (1 hour; admins 15 minutes), LINE login state, LINE recovery tickets, admin enrolments. HS256 with AUTH_SECRET. */
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from './errors.ts';

type Audience = 'access' | 'line-state' | 'line-recovery' | 'admin-enrol';

const ISSUER = 'kinoko';

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signToken(
  secret: string,
  audience: Audience,
  claims: Record<string, unknown>,
  subject: string,
  now: Date,
  ttlSeconds: number,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setSubject(subject)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(key(secret));
}

export interface VerifiedToken {
  sub: string;
  claims: Record<string, unknown>;
}

/** Verifies signature, issuer, audience and expiry against the injected clock. */
export async function verifyToken(
  secret: string,
  audience: Audience,
  token: string,
  now: Date,
): Promise<VerifiedToken> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      issuer: ISSUER,
      audience,
      algorithms: ['HS256'],
      currentDate: now,
    });
    if (typeof payload.sub !== 'string') throw new AppError('invalid_token');
    return { sub: payload.sub, claims: payload as Record<string, unknown> };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw new AppError('token_expired');
    throw new AppError('invalid_token');
  }
}
