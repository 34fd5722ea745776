/**
 * SigV4 checked by the stand-ins themselves: every SQS call (sqs.ts), and for S3 the one request
 * shape s3rver gets wrong: bucket-level calls in path style (`/<bucket>/?list-type=2`, `/<bucket>/?delete`),
 * which the AWS SDK signs with the trailing slash and s3rver verifies without it (every such call
 * fails with SignatureDoesNotMatch). The canonical request is built as S3 builds it.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { signingKey } from './post-policy.ts';

const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function canonicalQuery(raw: string): string {
  if (!raw) return '';
  return raw
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const i = pair.indexOf('=');
      const k = decodeURIComponent((i < 0 ? pair : pair.slice(0, i)).replace(/\+/g, ' '));
      const v = i < 0 ? '' : decodeURIComponent(pair.slice(i + 1).replace(/\+/g, ' '));
      return [rfc3986(k), rfc3986(v)] as const;
    })
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** The SigV4 signature S3 expects of a request (header or query authentication alike). */
function expectedSignature(input: {
  method: string;
  path: string;
  /** The query without `X-Amz-Signature`, still encoded. */
  query: string;
  headers: Record<string, string | string[] | undefined>;
  signedHeaders: string;
  payloadHash: string;
  amzDate: string;
  secret: string;
  /** The credential scope (`<date>/<region>/<service>/aws4_request`), in parts. */
  date: string;
  region: string;
  service: string;
}): string {
  const canonicalHeaders = input.signedHeaders
    .split(';')
    .map(
      (h) =>
        `${h}:${String(input.headers[h] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonical = [
    input.method,
    input.path,
    canonicalQuery(input.query),
    canonicalHeaders,
    input.signedHeaders,
    input.payloadHash,
  ].join('\n');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    input.amzDate,
    `${input.date}/${input.region}/${input.service}/aws4_request`,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  return createHmac('sha256', signingKey(input.secret, input.date, input.region, input.service))
    .update(stringToSign)
    .digest('hex');
}

/** True when the request's Authorization header is a valid SigV4 signature of it. */
export function verifySigV4Header(input: {
  method: string;
  /** The request target as sent (path and query, still encoded). */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  secrets: ReadonlyMap<string, string>;
  /**
   * The hex SHA-256 of the body, for services whose SDK signs the body without sending
   * `x-amz-content-sha256` (SQS); S3 requests name their payload hash in that header.
   */
  payloadHash?: string;
  /** The signing service the credential scope must name (any when absent). */
  service?: string;
}): boolean {
  const auth = String(input.headers.authorization ?? '');
  const m = /^AWS4-HMAC-SHA256 Credential=([^,]+),\s*SignedHeaders=([^,]+),\s*Signature=([0-9a-f]{64})$/.exec(
    auth,
  );
  if (!m) return false;
  const [, credential = '', signedHeaders = '', signature = ''] = m;
  const [accessKeyId = '', date = '', region = '', service = '', terminator] = credential.split('/');
  const secret = input.secrets.get(accessKeyId);
  if (!secret || terminator !== 'aws4_request') return false;
  if (input.service !== undefined && service !== input.service) return false;
  const amzDate = String(input.headers['x-amz-date'] ?? '');
  const [path = '/', query = ''] = input.url.split(/\?(.*)/s);
  const expected = expectedSignature({
    method: input.method,
    path,
    query,
    headers: input.headers,
    signedHeaders,
    payloadHash: input.payloadHash ?? String(input.headers['x-amz-content-sha256'] ?? 'UNSIGNED-PAYLOAD'),
    amzDate,
    secret,
    date,
    region,
    service,
  });
  return timingSafeEqual(Buffer.from(expected), Buffer.from(signature));
}

/**
 * Query authentication (a presigned URL), checked by the stand-in itself: s3rver canonicalizes the
 * query with `encodeURIComponent`, which leaves `!'()*` as they are where S3 (and the SDK's signer)
 * percent-encode them, so a presigned GET whose `response-content-disposition` names a file
 * (`filename*=UTF-8''…`) always failed there. Valid only between `X-Amz-Date` and `X-Amz-Expires`
 * seconds later (by `now`), as S3 answers.
 */
export function verifySigV4Query(input: {
  method: string;
  /** The request target as sent (path and query, still encoded). */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  secrets: ReadonlyMap<string, string>;
  now: Date;
}): 'ok' | 'expired' | 'bad' {
  const [path = '/', query = ''] = input.url.split(/\?(.*)/s);
  const params = new URLSearchParams(query);
  const credential = params.get('X-Amz-Credential') ?? '';
  const amzDate = params.get('X-Amz-Date') ?? '';
  const expires = Number(params.get('X-Amz-Expires'));
  const signedHeaders = params.get('X-Amz-SignedHeaders') ?? '';
  const signature = params.get('X-Amz-Signature') ?? '';
  if (params.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || !/^[0-9a-f]{64}$/.test(signature)) return 'bad';
  const [accessKeyId = '', date = '', region = '', service = '', terminator] = credential.split('/');
  const secret = input.secrets.get(accessKeyId);
  const at = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!secret || terminator !== 'aws4_request' || !at || !Number.isInteger(expires) || expires < 1)
    return 'bad';
  const [y, mo, d, h, mi, sec] = at.slice(1).map(Number) as [number, number, number, number, number, number];
  const signedAt = Date.UTC(y, mo - 1, d, h, mi, sec);
  const unsigned = query
    .split('&')
    .filter((pair) => pair && !pair.startsWith('X-Amz-Signature='))
    .join('&');
  const expected = expectedSignature({
    method: input.method,
    path,
    query: unsigned,
    headers: input.headers,
    signedHeaders,
    payloadHash: params.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
    amzDate,
    secret,
    date,
    region,
    service,
  });
  if (!timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) return 'bad';
  return input.now.getTime() > signedAt + expires * 1000 ? 'expired' : 'ok';
}
