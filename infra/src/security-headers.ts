/**
 * The security headers of every response the site's distribution sends (the site and /api/*).
 * One definition: SiteStack builds CloudFront's response headers policy from it and the local
 * cloud sends the very same headers (scripts/local/cloud.ts). No CDK imports here.
 */

/** The origins the browser may reach besides the site itself: they differ per deployment. */
export interface CspOrigins {
  /** The WebSocket API, e.g. wss://abc.execute-api.ap-northeast-1.amazonaws.com (ws://localhost:3000 locally). */
  websocket: string;
  /** The uploads bucket that presigned PUT and GET URLs point at. */
  uploads: string;
}

/** Square's Web Payments SDK (card field, 3-D Secure), sandbox and production. */
const SQUARE_SCRIPTS = [
  'https://*.squarecdn.com',
  'https://js.squareup.com',
  'https://js.squareupsandbox.com',
];
const SQUARE_CONNECT = [
  'https://*.squarecdn.com',
  'https://pci-connect.squareup.com',
  'https://pci-connect.squareupsandbox.com',
  'https://connect.squareup.com',
  'https://connect.squareupsandbox.com',
];

export const HSTS = { maxAgeSeconds: 365 * 24 * 3600, includeSubdomains: true, preload: false } as const;
export const FRAME_OPTIONS = 'DENY';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** The Content-Security-Policy value. Origins may be CDK tokens (strings) when built by the stack. */
export function contentSecurityPolicy(origins: CspOrigins): string {
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...SQUARE_SCRIPTS]],
    // React sets style attributes; Square's field injects its own styles.
    ['style-src', ["'self'", "'unsafe-inline'", 'https://*.squarecdn.com']],
    ['img-src', ["'self'", 'data:', 'blob:', origins.uploads]],
    ['media-src', ["'self'", 'blob:', origins.uploads]],
    ['font-src', ["'self'", 'data:', 'https://*.squarecdn.com']],
    ['connect-src', ["'self'", origins.websocket, origins.uploads, ...SQUARE_CONNECT]],
    // Square's card field, and the card issuer's 3-D Secure challenge (any issuer's https page).
    ['frame-src', ["'self'", 'https:']],
    ['frame-ancestors', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** The headers exactly as CloudFront adds them from the policy SiteStack builds. */
export function securityHeaders(origins: CspOrigins): Record<string, string> {
  const hsts = [
    `max-age=${HSTS.maxAgeSeconds}`,
    ...(HSTS.includeSubdomains ? ['includeSubDomains'] : []),
    ...(HSTS.preload ? ['preload'] : []),
  ].join('; ');
  return {
    'strict-transport-security': hsts,
    'x-content-type-options': 'nosniff',
    'x-frame-options': FRAME_OPTIONS,
    'referrer-policy': REFERRER_POLICY,
    'content-security-policy': contentSecurityPolicy(origins),
  };
}
