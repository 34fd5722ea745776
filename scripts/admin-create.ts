/**
 * `npm run admin:create -- --email <e-mail> --name <nickname>`: creates an operator account
 * (role 3), the only way one exists. The password is read from ADMIN_PASSWORD or asked for (not
 * echoed): 12 to 64 printable ASCII characters, at least three of lower case, upper case, digits and
 * symbols, and not the e-mail's name. The first login at /admin/login enrols the
 * authenticator app (QR code) and shows the recovery codes.
 *
 * Repairs of an existing operator: `--reset-password` (a new password, every session ends) and
 * `--reset-totp` (a lost phone: the next login enrols again; recovery codes are void).
 *
 * Each creation and repair writes its audit entry (actor `system:cli`, named by ADMIN_ACTOR or the
 * shell's user), visible in the console's audit log.
 *
 * The table is TABLE_NAME (with the AWS credentials of the shell), or the local cloud's when unset.
 */
import { userInfo } from 'node:os';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';

const PASSWORD_RE = /^[\x21-\x7E]{12,64}$/;
const CHARACTER_CLASSES = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/];

/** Why an operator's password is too weak, or null. */
function passwordProblem(password: string, email: string): string | null {
  if (!PASSWORD_RE.test(password)) return 'the password must be 12 to 64 printable ASCII characters';
  if (CHARACTER_CLASSES.filter((re) => re.test(password)).length < 3)
    return 'the password needs three of: lower case, upper case, digits, symbols';
  const name = email.split('@')[0] ?? '';
  if (name.length >= 4 && password.toLowerCase().includes(name))
    return 'the password must not contain the e-mail address';
  return null;
}

async function askPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const muted = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream };
  process.stdout.write('Password (12-64 characters): ');
  muted._writeToOutput = () => {};
  const answer = await new Promise<string>((resolve) => rl.question('', resolve));
  rl.close();
  process.stdout.write('\n');
  return answer;
}

/** Who runs the script (ADMIN_ACTOR when set, e.g. in CI; else the shell's login name). */
function shellUser(): string {
  if (process.env.ADMIN_ACTOR?.trim()) return process.env.ADMIN_ACTOR.trim().slice(0, 100);
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? 'unknown';
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      'reset-password': { type: 'boolean' },
      'reset-totp': { type: 'boolean' },
    },
  });
  const email = values.email?.trim().toLowerCase();
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new Error('--email <address> is required');
  if (!process.env.TABLE_NAME) {
    // The local cloud of `npm start` (its DynamoDB Local listens on PORT + 1).
    const { localEnv } = await import('./local/env.ts');
    const port = Number(process.env.PORT ?? 3000);
    const local = localEnv({
      stage: 'local',
      url: `http://localhost:${port}`,
      dynamoEndpoint: `http://127.0.0.1:${port + 1}`,
      s3Endpoint: `http://127.0.0.1:${port + 2}`,
      quiet: true,
      vapid: { publicKey: '', privateKey: '' },
      queues: [],
    });
    Object.assign(process.env, local);
  }
  const { createAdmin, resetAdmin } = await import('../functions/src/services/admin/auth.ts');
  const { getDb } = await import('../functions/src/db/service.ts');
  const { systemClock } = await import('../functions/src/lib/clock.ts');
  const deps = { db: getDb(), clock: systemClock };
  // The audit log's actor is the script; it names the shell's user who ran it.
  const by = shellUser();

  if (values['reset-password'] || values['reset-totp']) {
    const password = values['reset-password'] ? await askPassword() : undefined;
    const problem = password === undefined ? null : passwordProblem(password, email);
    if (problem) throw new Error(problem);
    await resetAdmin(deps, email, {
      ...(password ? { password } : {}),
      ...(values['reset-totp'] ? { resetTotp: true } : {}),
      by,
    });
    console.log(
      `Updated ${email}: its sessions ended.${values['reset-totp'] ? ' The next login enrols the authenticator again.' : ''}`,
    );
    return;
  }
  const nickname = values.name?.trim();
  if (!nickname) throw new Error('--name <nickname> is required');
  const password = await askPassword();
  const problem = passwordProblem(password, email);
  if (problem) throw new Error(problem);
  const { profileId } = await createAdmin(deps, { email, nickname, password, by });
  console.log(`Created operator ${email} (${profileId}). Log in at /admin/login to enrol the authenticator.`);
}

main().catch((error: unknown) => {
  console.error(`admin:create: ${(error as Error).message}`);
  process.exit(1);
});
