/** SES v2 stand-in (SendEmail at /_local/ses/v2/email/outbound-emails) and the outbox a developer reads. */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml, readBody, sendHtml, sendJson } from './http-util.ts';
import type { Log } from './log.ts';
import { parseMime } from './mime.ts';

export interface Mail {
  id: string;
  to: string[];
  cc: string[];
  bcc: string[];
  from: string;
  replyTo: string[];
  subject: string;
  text: string | null;
  html: string | null;
  /** `Content.Simple.Headers` as sent (e.g. List-Unsubscribe); absent when none. */
  headers?: { name: string; value: string }[];
  sentAt: string;
}

interface SendEmailRequest {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] };
  ReplyToAddresses?: string[];
  Content?: {
    Simple?: {
      Subject?: { Data?: string };
      Body?: { Text?: { Data?: string }; Html?: { Data?: string } };
      Headers?: { Name?: unknown; Value?: unknown }[];
    };
    Raw?: { Data?: string };
    Template?: unknown;
  };
}

export class Outbox {
  private mails: Mail[] = [];

  constructor(private readonly file: string | null) {
    if (file && existsSync(file)) this.mails = JSON.parse(readFileSync(file, 'utf8')) as Mail[];
  }

  add(mail: Omit<Mail, 'id' | 'sentAt'>): Mail {
    const stored: Mail = { id: randomUUID(), sentAt: new Date().toISOString(), ...mail };
    this.mails.push(stored);
    this.save();
    return stored;
  }

  /** Newest first; `to` matches any recipient (to, cc, bcc), case-insensitively. */
  list(filter: { to?: string } = {}): Mail[] {
    const to = filter.to?.toLowerCase();
    const matching = to
      ? this.mails.filter((m) => [...m.to, ...m.cc, ...m.bcc].some((a) => addressOf(a) === to))
      : this.mails;
    return [...matching].reverse();
  }

  latest(to: string): Mail | undefined {
    return this.list({ to })[0];
  }

  clear(): void {
    this.mails = [];
    this.save();
  }

  private save(): void {
    if (this.file) writeFileSync(this.file, JSON.stringify(this.mails, null, 2));
  }
}

/** 'Name <a@b.jp>' -> 'a@b.jp' */
export function addressOf(address: string): string {
  const match = /<([^>]+)>/.exec(address);
  return (match ? (match[1] as string) : address).trim().toLowerCase();
}

/** SES v2 API reference, `Message.Headers` and `MessageHeader`. */
const HEADER_NAME_RE = /^[!-9;-~]{1,126}$/;
const HEADER_VALUE_RE = /^[ -~]{1,870}$/;
const HEADERS_MAX = 15;

/** What SES refuses of `Content.Simple.Headers` (a BadRequestException's message), or null. */
export function headersProblem(headers: unknown): string | null {
  if (headers === undefined) return null;
  if (!Array.isArray(headers)) return 'Headers must be a list';
  if (headers.length > HEADERS_MAX) return `Headers must contain at most ${HEADERS_MAX} items`;
  for (const h of headers as { Name?: unknown; Value?: unknown }[]) {
    if (typeof h?.Name !== 'string' || !HEADER_NAME_RE.test(h.Name)) {
      return 'Header name must be 1-126 printable ASCII characters without a colon';
    }
    if (typeof h.Value !== 'string' || !HEADER_VALUE_RE.test(h.Value)) {
      return `Header ${h.Name}: value must be 1-870 printable ASCII characters`;
    }
  }
  return null;
}

function sesError(res: ServerResponse, status: number, type: string, message: string): void {
  sendJson(res, status, { message }, { 'x-amzn-errortype': type, 'x-amzn-requestid': randomUUID() });
}

export function createSesStandIn(opts: { outbox: Outbox; log: Log }) {
  return async (req: IncomingMessage, res: ServerResponse, path: string): Promise<void> => {
    if (!(req.method === 'POST' && path === '/v2/email/outbound-emails')) {
      req.resume();
      sesError(
        res,
        404,
        'NotFoundException',
        `The local SES stand-in does not implement ${req.method} ${path}`,
      );
      return;
    }
    const request = JSON.parse((await readBody(req)).toString('utf8') || '{}') as SendEmailRequest;
    const destination = request.Destination ?? {};
    let mail: Omit<Mail, 'id' | 'sentAt'>;
    if (request.Content?.Simple) {
      const simple = request.Content.Simple;
      const problem = headersProblem(simple.Headers);
      if (problem) return sesError(res, 400, 'BadRequestException', problem);
      mail = {
        from: request.FromEmailAddress ?? '',
        to: destination.ToAddresses ?? [],
        cc: destination.CcAddresses ?? [],
        bcc: destination.BccAddresses ?? [],
        replyTo: request.ReplyToAddresses ?? [],
        subject: simple.Subject?.Data ?? '',
        text: simple.Body?.Text?.Data ?? null,
        html: simple.Body?.Html?.Data ?? null,
        ...(simple.Headers?.length
          ? { headers: simple.Headers.map((h) => ({ name: String(h.Name), value: String(h.Value) })) }
          : {}),
      };
    } else if (request.Content?.Raw?.Data) {
      const parsed = parseMime(Buffer.from(request.Content.Raw.Data, 'base64').toString('latin1'));
      const listed = (name: string) =>
        (parsed.headers[name] ?? '')
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean);
      mail = {
        from: request.FromEmailAddress ?? parsed.headers.from ?? '',
        to: destination.ToAddresses ?? listed('to'),
        cc: destination.CcAddresses ?? listed('cc'),
        bcc: destination.BccAddresses ?? [],
        replyTo: request.ReplyToAddresses ?? listed('reply-to'),
        subject: parsed.headers.subject ?? '',
        text: parsed.text,
        html: parsed.html,
      };
    } else {
      sesError(
        res,
        400,
        'BadRequestException',
        'Content must contain Simple or Raw (templates are not supported locally)',
      );
      return;
    }
    if (!mail.from) return sesError(res, 400, 'BadRequestException', 'FromEmailAddress is required');
    if (mail.to.length + mail.cc.length + mail.bcc.length === 0) {
      return sesError(res, 400, 'BadRequestException', 'Destination must contain at least one address');
    }
    const stored = opts.outbox.add(mail);
    opts.log.info(`mail to ${mail.to.join(', ')}: ${mail.subject}`);
    sendJson(res, 200, { MessageId: stored.id });
  };
}

export function outboxJson(outbox: Outbox, res: ServerResponse, query: URLSearchParams): void {
  const to = query.get('to') ?? undefined;
  sendJson(res, 200, outbox.list(to ? { to } : {}), { 'cache-control': 'no-store' });
}

export function outboxPage(outbox: Outbox, res: ServerResponse, query: URLSearchParams): void {
  const to = query.get('to') ?? '';
  const mails = outbox.list(to ? { to } : {});
  const items = mails
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject || '(件名なし / no subject)')}</h2>
  <dl>
    <dt>To</dt><dd>${escapeHtml([...m.to, ...m.cc].join(', '))}</dd>
    <dt>From</dt><dd>${escapeHtml(m.from)}</dd>
    <dt>送信日時 / Sent</dt><dd><time datetime="${m.sentAt}">${escapeHtml(new Date(m.sentAt).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' }))}</time></dd>
    ${(m.headers ?? []).map((h) => `<dt>${escapeHtml(h.name)}</dt><dd>${escapeHtml(h.value)}</dd>`).join('')}
  </dl>
  ${m.text !== null ? `<pre>${linkify(escapeHtml(m.text))}</pre>` : ''}
  ${m.html !== null ? `<details${m.text === null ? ' open' : ''}><summary>HTML</summary><iframe sandbox title="${escapeHtml(m.subject)}" srcdoc="${escapeHtml(m.html)}"></iframe></details>` : ''}
</article>`,
    )
    .join('\n');
  sendHtml(
    res,
    200,
    `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>送信メール / Outbox (${mails.length})</title>
<style>
body { font-family: system-ui, 'Hiragino Sans', 'Noto Sans JP', sans-serif; max-width: 50rem; margin: 1rem auto; padding: 0 1rem; color: #1a1a1a; }
article { border: 1px solid #ccc; border-radius: 8px; padding: 0.5rem 1rem; margin: 1rem 0; }
h2 { font-size: 1.1rem; margin: 0.5rem 0; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; margin: 0; font-size: 0.9rem; }
dt { color: #555; } dd { margin: 0; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; word-break: break-word; background: #f6f6f6; padding: 0.75rem; border-radius: 6px; }
iframe { width: 100%; min-height: 20rem; border: 1px solid #ddd; }
a { color: #0645ad; }
</style>
</head>
<body>
<h1>送信メール / Outbox</h1>
<p>ローカル環境で送信されたメールです (新しい順)。 Mail sent by the local cloud, newest first.</p>
<form method="get"><label>宛先で絞り込み / Filter by recipient <input type="email" name="to" value="${escapeHtml(to)}"></label> <button>表示 / Show</button></form>
${items || '<p>まだメールはありません。 No mail yet.</p>'}
</body>
</html>`,
  );
}

function linkify(escaped: string): string {
  return escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}
