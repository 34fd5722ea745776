/**
 * Prints a new VAPID key pair for Web Push as the app secret holds it
 * (`{"VAPID_PUBLIC_KEY": …, "VAPID_PRIVATE_KEY": …}`, base64url): merge it into the stage's secret
 * (docs/operations.md, "Rotating the secrets"). The local cloud makes its own (.local/vapid.json).
 *
 *   npx tsx scripts/vapid-keys.ts
 */
import { generateVapidKeys } from './local/push.ts';

const { publicKey, privateKey } = generateVapidKeys();
console.log(JSON.stringify({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }, null, 2));
