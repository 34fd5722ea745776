/** Just enough MIME to show a raw SES mail in the outbox: headers, encoded words, multipart text/html. */

export interface ParsedMime {
  headers: Record<string, string>;
  text: string | null;
  html: string | null;
}

/** `source` is the raw message as latin1 (one char per byte). */
export function parseMime(source: string): ParsedMime {
  const part = parsePart(source);
  const found = { text: null as string | null, html: null as string | null };
  collectBodies(part, found);
  const headers = Object.fromEntries(Object.entries(part.headers).map(([k, v]) => [k, decodeWords(v)]));
  return { headers, ...found };
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function parsePart(source: string): Part {
  const split = source.search(/\r?\n\r?\n/);
  const head = split === -1 ? source : source.slice(0, split);
  const body = split === -1 ? '' : source.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function param(header: string, name: string): string | undefined {
  const match = new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header);
  return match?.[1];
}

function collectBodies(part: Part, found: { text: string | null; html: string | null }): void {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = param(type, 'boundary');
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const pieces = part.body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith('--')) break;
      collectBodies(parsePart(piece.replace(/^\r?\n/, '')), found);
    }
    return;
  }
  const decoded = decodeBody(part.body, part.headers['content-transfer-encoding'], param(type, 'charset'));
  if (type.toLowerCase().startsWith('text/html')) found.html ??= decoded;
  else if (type.toLowerCase().startsWith('text/')) found.text ??= decoded;
}

function decodeBody(body: string, encoding = '7bit', charset = 'utf-8'): string {
  let bytes: Buffer;
  switch (encoding.toLowerCase()) {
    case 'base64':
      bytes = Buffer.from(body.replace(/\s+/g, ''), 'base64');
      break;
    case 'quoted-printable':
      bytes = quotedPrintable(body.replace(/=\r?\n/g, ''));
      break;
    default:
      bytes = Buffer.from(body, 'latin1');
  }
  return new TextDecoder(charset.toLowerCase()).decode(bytes).replace(/\r\n/g, '\n').trimEnd();
}

function quotedPrintable(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(text.charCodeAt(i) & 0xff);
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (=?UTF-8?B?...?=); plain header bytes are read as UTF-8. */
function decodeWords(value: string): string {
  const plain = Buffer.from(value, 'latin1').toString('utf8');
  return plain
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, charset: string, enc: string, data: string) => {
      const bytes =
        enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : quotedPrintable(data.replace(/_/g, ' '));
      return new TextDecoder(charset.toLowerCase()).decode(bytes);
    });
}
