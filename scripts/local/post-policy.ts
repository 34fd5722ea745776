/**
 * S3's browser-based upload (POST Object with a policy), checked as S3 checks it: s3rver stores a
 * POST form without looking at its policy or signature, so the stand-in checks them in front of
 * it and refuses what S3 refuses (docs: "Creating a POST policy", "Authenticating requests in
 * browser-based uploads using POST (SigV4)"):
 * - the signature: HMAC-SHA256 of the base64 policy with the SigV4 key of the credential's scope;
 * - the expiration;
 * - every condition (`eq`, `starts-with`, exact `{name: value}`, `content-length-range`);
 * - every form field (before the file) named by a condition, except the policy, the signature,
 *   the file and `x-ignore-*` fields.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type PolicyCheck = { ok: true } | { ok: false; status: number; code: string; message: string };

type Condition = Record<string, string> | [string, ...(string | number)[]];

const deny = (message: string, status = 403, code = 'AccessDenied'): PolicyCheck => ({
  ok: false,
  status,
  code,
  message,
});

export function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  const kDate = createHmac('sha256', `AWS4${secret}`).update(date).digest();
  const kRegion = createHmac('sha256', kDate).update(region).digest();
  const kService = createHmac('sha256', kRegion).update(service).digest();
  return createHmac('sha256', kService).update('aws4_request').digest();
}

/**
 * `fields`: the form's fields before the file (names as sent), `bucket` from the path, `size` of
 * the file. `secrets`: access key id → secret access key.
 */
export function checkPostPolicy(input: {
  fields: ReadonlyArray<[string, string]>;
  bucket: string;
  size: number;
  now: Date;
  secrets: ReadonlyMap<string, string>;
}): PolicyCheck {
  const fields = new Map(input.fields.map(([k, v]) => [k.toLowerCase(), v]));
  const policy = fields.get('policy');
  const signature = fields.get('x-amz-signature');
  const credential = fields.get('x-amz-credential');
  if (!policy || !signature || !credential || fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256') {
    return deny('Access Denied');
  }
  const [accessKeyId = '', date = '', region = '', service = '', terminator] = credential.split('/');
  const secret = input.secrets.get(accessKeyId);
  if (!secret)
    return deny(
      'The AWS Access Key Id you provided does not exist in our records.',
      403,
      'InvalidAccessKeyId',
    );
  if (service !== 's3' || terminator !== 'aws4_request') return deny('Invalid credential scope');
  const expected = createHmac('sha256', signingKey(secret, date, region, service))
    .update(policy)
    .digest('hex');
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected))) {
    return deny(
      'The request signature we calculated does not match the signature you provided.',
      403,
      'SignatureDoesNotMatch',
    );
  }

  let doc: { expiration?: string; conditions?: Condition[] };
  try {
    doc = JSON.parse(Buffer.from(policy, 'base64').toString('utf8'));
  } catch {
    return deny('Invalid Policy: Invalid JSON.', 400, 'InvalidPolicyDocument');
  }
  const expiration = Date.parse(doc.expiration ?? '');
  if (Number.isNaN(expiration) || !Array.isArray(doc.conditions)) {
    return deny('Invalid Policy: missing expiration or conditions.', 400, 'InvalidPolicyDocument');
  }
  if (expiration <= input.now.getTime()) return deny('Invalid according to Policy: Policy expired.');

  const fieldValue = (name: string) => (name === 'bucket' ? input.bucket : fields.get(name));
  const covered = new Set<string>();
  for (const condition of doc.conditions) {
    const failed = deny(`Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`);
    if (Array.isArray(condition)) {
      const [op, a, b] = condition;
      if (op === 'content-length-range') {
        if (input.size < Number(a))
          return deny('Your proposed upload is smaller than the minimum allowed size', 400, 'EntityTooSmall');
        if (input.size > Number(b))
          return deny('Your proposed upload exceeds the maximum allowed size', 400, 'EntityTooLarge');
        continue;
      }
      const name = String(a).replace(/^\$/, '').toLowerCase();
      covered.add(name);
      const value = fieldValue(name) ?? '';
      if (op === 'eq' && value !== b) return failed;
      if (op === 'starts-with' && !value.startsWith(String(b))) return failed;
      if (op !== 'eq' && op !== 'starts-with')
        return deny(`Invalid Policy: unknown condition ${String(op)}`, 400, 'InvalidPolicyDocument');
    } else {
      for (const [key, expectedValue] of Object.entries(condition)) {
        const name = key.toLowerCase();
        covered.add(name);
        if (fieldValue(name) !== expectedValue) return failed;
      }
    }
  }
  for (const name of fields.keys()) {
    if (name === 'policy' || name === 'x-amz-signature' || name.startsWith('x-ignore-')) continue;
    if (!covered.has(name)) return deny(`Invalid according to Policy: Extra input fields: ${name}`);
  }
  return { ok: true };
}
