import { mediaPurposes } from '@app/shared/media';
import { act, renderHook } from '@testing-library/react';
import type { ChangeEvent } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr, PREVIEW_URL, stubUploads } from '../test/fake-xhr.ts';
import { ApiError } from './api.ts';
import { type ImageUploadOptions, useImageUpload } from './useImageUpload.ts';

const messages = {
  type: { key: 'm.type' },
  size: { key: 'm.size', params: { max: 5 } },
  upload: { key: 'm.upload' },
};
const answer = {
  key: 'uploads/logo/x.png',
  url: 'https://bucket.example/',
  fields: { key: 'uploads/logo/x.png' },
};
const png = (size = 1000) => new File([new Uint8Array(size)], 'logo.png', { type: 'image/png' });

/** The file input's change event for a picked file (the hook clears the input's value). */
const changeOf = (file: File | undefined) => {
  const target = { files: file ? [file] : [], value: 'C:\\fakepath\\logo.png' };
  return { event: { target } as unknown as ChangeEvent<HTMLInputElement>, target };
};

function setUp(over: Partial<ImageUploadOptions> = {}) {
  const options = {
    purpose: mediaPurposes.logo,
    getUploadUrl: vi.fn(async () => ({ ok: true as const, data: answer })),
    messages,
    onUploaded: vi.fn(),
    onUploading: vi.fn(),
    ...over,
  };
  return { options, hook: renderHook(() => useImageUpload(options)) };
}

describe('useImageUpload', () => {
  beforeEach(() => {
    stubUploads();
    FakeXhr.hold = true;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('previews the file, reports the progress, then hands on the key', async () => {
    const { options, hook } = setUp();
    const { event, target } = changeOf(png());
    let picked: Promise<void> = Promise.resolve();
    await act(async () => {
      picked = hook.result.current.pick(event);
    });
    expect(target.value).toBe('');
    expect(options.getUploadUrl).toHaveBeenCalledWith('image/png');
    expect(hook.result.current).toMatchObject({ preview: PREVIEW_URL, percent: 50, uploading: true });
    expect(options.onUploading).toHaveBeenLastCalledWith(true);
    expect(FakeXhr.sent[0]?.form.get('file')).toBeInstanceOf(File);
    await act(async () => {
      FakeXhr.release?.();
      await picked;
    });
    expect(options.onUploaded).toHaveBeenCalledWith('uploads/logo/x.png');
    expect(hook.result.current).toMatchObject({
      preview: PREVIEW_URL,
      percent: null,
      uploading: false,
      problem: null,
    });
    expect(options.onUploading).toHaveBeenLastCalledWith(false);
  });

  it('says the upload failed and drops the preview when storage refuses it', async () => {
    FakeXhr.hold = false;
    FakeXhr.status = 403;
    const { options, hook } = setUp();
    await act(() => hook.result.current.pick(changeOf(png()).event));
    expect(hook.result.current).toMatchObject({ problem: messages.upload, preview: null, percent: null });
    expect(options.onUploaded).not.toHaveBeenCalled();
    expect(options.onUploading).toHaveBeenLastCalledWith(false);
  });

  it('refuses a wrong type or size before asking for an upload', async () => {
    const { options, hook } = setUp();
    await act(() =>
      hook.result.current.pick(changeOf(new File(['%PDF'], 'a.pdf', { type: 'application/pdf' })).event),
    );
    expect(hook.result.current.problem).toEqual(messages.type);
    await act(() => hook.result.current.pick(changeOf(png(mediaPurposes.logo.maxBytes + 1)).event));
    expect(hook.result.current.problem).toEqual(messages.size);
    expect(hook.result.current.preview).toBeNull();
    expect(options.getUploadUrl).not.toHaveBeenCalled();
    expect(options.onUploading).not.toHaveBeenCalled();
  });

  it('shows the API refusal, an error, or what the key handler answers', async () => {
    FakeXhr.hold = false;
    const refused = setUp({
      getUploadUrl: async () => ({
        ok: false,
        status: 422,
        body: {
          code: 'validation',
          message: '',
          issues: [{ path: 'content_type', message: 'validation.mediaType' }],
        },
      }),
    });
    await act(() => refused.hook.result.current.pick(changeOf(png()).event));
    expect(refused.hook.result.current.problem?.key).toBe('validation.mediaType');
    expect(FakeXhr.sent).toHaveLength(0);

    const failing = async () => {
      throw new ApiError(500, 'Internal Server Error', null);
    };
    const thrown = setUp({ getUploadUrl: failing });
    await act(() => thrown.hook.result.current.pick(changeOf(png()).event));
    expect(thrown.hook.result.current.problem).toEqual({ key: 'errors.communication' });
    const own = setUp({ getUploadUrl: failing, failure: () => messages.upload });
    await act(() => own.hook.result.current.pick(changeOf(png()).event));
    expect(own.hook.result.current.problem).toEqual(messages.upload);

    const saveRefused = setUp({ onUploaded: async () => ({ key: 'm.save' }) });
    await act(() => saveRefused.hook.result.current.pick(changeOf(png()).event));
    expect(saveRefused.hook.result.current).toMatchObject({ problem: { key: 'm.save' }, preview: null });
  });

  it('ignores a cancelled pick; reset forgets the preview and the problem', async () => {
    FakeXhr.hold = false;
    const { options, hook } = setUp();
    await act(() => hook.result.current.pick(changeOf(undefined).event));
    expect(options.getUploadUrl).not.toHaveBeenCalled();
    await act(() => hook.result.current.pick(changeOf(png()).event));
    expect(hook.result.current.preview).toBe(PREVIEW_URL);
    act(() => hook.result.current.setProblem({ key: 'm.other' }));
    act(() => hook.result.current.reset());
    expect(hook.result.current).toMatchObject({ preview: null, problem: null });
  });
});
