import { mediaPurposes } from '@app/shared/media';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr, stubUploads } from '../test/fake-xhr.ts';
import { acceptOf, fileProblem, UploadError, uploadWithProgress } from './upload.ts';

const target = { url: 'https://bucket.example/', fields: { key: 'uploads/a.png', policy: 'p' } };

describe('uploadWithProgress', () => {
  beforeEach(stubUploads);
  afterEach(() => vi.unstubAllGlobals());

  it('posts the policy fields then the file, and reports the share sent up to 1', async () => {
    const shares: number[] = [];
    await uploadWithProgress(target, new Blob(['x']), (s) => shares.push(s));
    expect(shares).toEqual([0.5, 1]);
    const sent = FakeXhr.sent[0];
    expect(sent?.url).toBe('https://bucket.example/');
    expect([...(sent?.form.keys() ?? [])]).toEqual(['key', 'policy', 'file']);
  });

  it('fails with the storage status, or 0 when the request does not complete', async () => {
    FakeXhr.status = 403;
    await expect(uploadWithProgress(target, new Blob(['x']), () => {})).rejects.toEqual(new UploadError(403));
    FakeXhr.status = 0;
    const failed = await uploadWithProgress(target, new Blob(['x']), () => {}).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(UploadError);
    expect((failed as UploadError).status).toBe(0);
  });
});

describe('fileProblem', () => {
  const logo = mediaPurposes.logo;
  it('refuses another type, then a size out of range', () => {
    expect(fileProblem(logo, { type: 'image/png', size: 1000 })).toBeNull();
    expect(fileProblem(logo, { type: 'application/pdf', size: 1000 })).toBe('type');
    expect(fileProblem(logo, { type: 'image/png', size: logo.maxBytes + 1 })).toBe('size');
    expect(fileProblem(logo, { type: 'image/png', size: logo.minBytes - 1 })).toBe('size');
  });
  it('accepts what the purpose takes', () => {
    expect(acceptOf(logo).split(',')).toEqual(Object.keys(logo.types));
  });
});
