/**
 * The site's CloudFront Functions (runtime cloudfront-js-2.0), generated from the built screen paths
 * (`builtPaths`) in shared/src/site-routes.ts. The local site server runs the very same code (createSiteRouter).
 *
 * Not-found design. The viewer-request function rewrites an unknown path to NOT_FOUND_PAGE
 * ('/404.html', emitted by the web build) and a viewer-response function on the same (site)
 * behaviour sets status 404 on it. We deliberately do NOT use distribution-wide custom error
 * responses (403/404 -> /404.html): CloudFront applies them to every behaviour, so they would
 * replace the API's own JSON 403/404 errors under /api/*.
 * Local server contract: a request whose rewritten uri is NOT_FOUND_PAGE is answered with that
 * file and status 404; a returned object with `statusCode` is a response (the market redirect).
 *
 * Pre-rendered pages (the landing pages, `prerenderedPaths` in shared/src/site-routes.ts) are
 * answered with their static file: /en/… and /ja/… with that language's, an unprefixed URL with
 * the visitor's language (the `locale` cookie, else the first Accept-Language tag: ja* gives ja,
 * anything else en; the app decides the same way from localStorage/cookie and navigator.language).
 * The cache key is the rewritten uri, so each language is cached on its own.
 */
import { businessConfig } from '@app/shared/config';
import { builtPaths, patternSource, prerenderedRoutes } from '@app/shared/site-routes';

export const APP_SHELL = '/index.html';
export const NOT_FOUND_PAGE = '/404.html';

export interface SiteRouterOptions {
  /** Host of the app, e.g. app.example.jp (no scheme). */
  appHost: string;
  /** A second host that only redirects (301) to the app host, keeping path and query. */
  marketHost?: string;
}

/** One regex for every built screen path (spec paths not built yet are not found), with an optional /en or /ja prefix. */
export function screenPathRegexSource(): string {
  const bodies = builtPaths.map((p) => patternSource(p).replace(/^\^/, '').replace(/\$$/, ''));
  return `^(?:/(?:en|ja))?(?:${bodies.join('|')})$`;
}

const hostPattern = /^[a-z0-9.-]+(?::\d+)?$/i;

function checkHost(name: string, host: string): void {
  if (!hostPattern.test(host)) throw new Error(`${name} must be a bare host name, got '${host}'`);
}

/** Source of the viewer-request function. */
export function renderSiteRouterCode(opts: SiteRouterOptions): string {
  checkHost('appHost', opts.appHost);
  if (opts.marketHost !== undefined) checkHost('marketHost', opts.marketHost);
  const lines = [
    `var APP_HOST = ${JSON.stringify(opts.appHost.toLowerCase())};`,
    `var MARKET_HOST = ${JSON.stringify(opts.marketHost?.toLowerCase() ?? '')};`,
    `var SCREEN = new RegExp(${JSON.stringify(screenPathRegexSource())});`,
    'var FILE = /\\/[^/]*\\.[A-Za-z0-9]+$/;',
    'function queryOf(request) {',
    "  if (typeof request.rawQueryString === 'function') return request.rawQueryString() || '';",
    '  var parts = [];',
    '  var qs = request.querystring || {};',
    '  for (var key in qs) {',
    '    var entry = qs[key];',
    '    if (entry.multiValue) {',
    "      for (var i = 0; i < entry.multiValue.length; i++) parts.push(key + '=' + entry.multiValue[i].value);",
    "    } else parts.push(entry.value === '' ? key : key + '=' + entry.value);",
    '  }',
    "  return parts.join('&');",
    '}',
    `var PRERENDERED = ${JSON.stringify(prerenderedRoutes(businessConfig.languages))};`,
    `var LANGUAGES = ${JSON.stringify(businessConfig.languages)};`,
    'function languageOf(request) {',
    "  var cookie = request.cookies && request.cookies.locale ? request.cookies.locale.value : '';",
    '  if (LANGUAGES.indexOf(cookie) >= 0) return cookie;',
    "  var accept = request.headers['accept-language'] ? request.headers['accept-language'].value : '';",
    "  return accept.split(',')[0].trim().toLowerCase().indexOf('ja') === 0 ? 'ja' : 'en';",
    '}',
    'function handler(event) {',
    '  var request = event.request;',
    '  var host = request.headers.host ? request.headers.host.value.toLowerCase() : "";',
    '  if (MARKET_HOST && host === MARKET_HOST) {',
    '    var query = queryOf(request);',
    "    var location = 'https://' + APP_HOST + request.uri + (query ? '?' + query : '');",
    "    return { statusCode: 301, statusDescription: 'Moved Permanently', headers: { location: { value: location } } };",
    '  }',
    '  var uri = request.uri;',
    "  if (uri.indexOf('/assets/') === 0 || FILE.test(uri)) return request;",
    "  var key = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.slice(0, -1) : uri;",
    '  if (Object.prototype.hasOwnProperty.call(PRERENDERED, key)) {',
    '    request.uri = PRERENDERED[key][languageOf(request)];',
    '    return request;',
    '  }',
    `  request.uri = SCREEN.test(uri) ? ${JSON.stringify(APP_SHELL)} : ${JSON.stringify(NOT_FOUND_PAGE)};`,
    '  return request;',
    '}',
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * Source of the viewer-response function: status 404 for the not-found page. CloudFront passes the
 * viewer's original request here, so the routing is decided again from it; the rewritten uri is
 * accepted too.
 */
export function renderSiteStatusCode(): string {
  const lines = [
    `var SCREEN = new RegExp(${JSON.stringify(screenPathRegexSource())});`,
    'var FILE = /\\/[^/]*\\.[A-Za-z0-9]+$/;',
    'function handler(event) {',
    '  var uri = event.request.uri;',
    '  var response = event.response;',
    `  var notFound = uri === ${JSON.stringify(NOT_FOUND_PAGE)} ||`,
    "    !(uri.indexOf('/assets/') === 0 || FILE.test(uri) || SCREEN.test(uri));",
    '  if (notFound && response.statusCode === 200) {',
    '    response.statusCode = 404;',
    "    response.statusDescription = 'Not Found';",
    '  }',
    '  return response;',
    '}',
  ];
  return `${lines.join('\n')}\n`;
}

export interface CfValue {
  value: string;
}
export interface CfRequest {
  method?: string;
  uri: string;
  querystring?: Record<string, CfValue & { multiValue?: CfValue[] }>;
  headers: Record<string, CfValue>;
  cookies?: Record<string, CfValue>;
  rawQueryString?: () => string | undefined;
}
export interface CfResponse {
  statusCode: number;
  statusDescription?: string;
  headers: Record<string, CfValue>;
}
export type SiteRouter = (event: { request: CfRequest }) => CfRequest | CfResponse;
export type SiteStatus = (event: { request: CfRequest; response: CfResponse }) => CfResponse;

function evaluate<T>(code: string): T {
  // Runs exactly the code CloudFront runs.
  return new Function(`${code}; return handler;`)() as T;
}

/** The viewer-request handler, evaluated from the same source CloudFront gets. */
export function createSiteRouter(opts: SiteRouterOptions): SiteRouter {
  return evaluate<SiteRouter>(renderSiteRouterCode(opts));
}

/** The viewer-response handler, evaluated from the same source CloudFront gets. */
export function createSiteStatus(): SiteStatus {
  return evaluate<SiteStatus>(renderSiteStatusCode());
}

export const isResponse = (r: CfRequest | CfResponse): r is CfResponse => 'statusCode' in r;
