import { vi } from 'vitest';

/** Test doubles for the browser boundary only: fetch and BroadcastChannel. */
export interface FakeResponse {
  status: number;
  statusText?: string;
  body?: unknown;
}

export function jsonResponse({ status, statusText = '', body }: FakeResponse): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const broadcasts: { channel: string; message: unknown }[] = [];

export class FakeBroadcastChannel {
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(readonly name: string) {}
  postMessage(message: unknown) {
    broadcasts.push({ channel: this.name, message });
  }
  close() {}
}

/** Stubs BroadcastChannel and fetch (a new mock, or the one given); returns the fetch mock. */
export function stubBoundary(fetchMock = vi.fn<typeof fetch>()) {
  broadcasts.length = 0;
  vi.stubGlobal('BroadcastChannel', FakeBroadcastChannel);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Write a cookie the way a browser (or another tab) would, bypassing the app's helpers. */
export function setRawCookie(cookie: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: tests set up the browser state directly
  document.cookie = cookie;
}

export function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) setRawCookie(`${name}=; Path=/; Max-Age=0`);
  }
}
