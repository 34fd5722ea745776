/**
 * Presigned POST uploads in tests: XMLHttpRequest replaced by a fake that reports half the bytes
 * sent, then answers `FakeXhr.status` (0: the request fails) on the next microtask, or when
 * `FakeXhr.release()` is called while `FakeXhr.hold` is on; object URLs give a fixed preview.
 */
import { vi } from 'vitest';

type Progress = { lengthComputable: boolean; loaded: number; total: number };

export class FakeXhr {
  static status = 204;
  static hold = false;
  /** The forms posted, with where to. */
  static sent: { url: string; form: FormData }[] = [];
  /** Answers the held upload. */
  static release: (() => void) | null = null;
  upload: { onprogress: ((e: Progress) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  send(form: FormData) {
    FakeXhr.sent.push({ url: this.url, form });
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    const answer = () => {
      this.status = FakeXhr.status;
      if (this.status === 0) this.onerror?.();
      else this.onload?.();
    };
    if (FakeXhr.hold) FakeXhr.release = answer;
    else queueMicrotask(answer);
  }
}

export const PREVIEW_URL = 'blob:preview';

/** Stubs XMLHttpRequest and object URLs (undone by `vi.unstubAllGlobals()`). */
export function stubUploads() {
  FakeXhr.status = 204;
  FakeXhr.hold = false;
  FakeXhr.sent = [];
  FakeXhr.release = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => PREVIEW_URL, revokeObjectURL: () => {} }));
}
