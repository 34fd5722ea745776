/** Dependencies of the card and purchase handlers: appDeps plus the Square gateway (kept apart so other bundles skip the SDK). */
import { appDeps } from './deps.ts';
import { env } from './env.ts';
import { secrets } from './secrets.ts';
import { squareGateway } from './square.ts';

export async function paymentDeps() {
  const [base, s] = await Promise.all([appDeps(), secrets()]);
  const e = env();
  return {
    ...base,
    gateway: squareGateway({ accessToken: s.SQUARE_ACCESS_TOKEN, baseUrl: e.SQUARE_API_URL }),
  };
}
