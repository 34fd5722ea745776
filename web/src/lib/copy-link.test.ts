import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCopyLink } from './copy-link.ts';

describe('useCopyLink', () => {
  afterEach(() => vi.unstubAllGlobals());

  const copyWith = async (clipboard: unknown) => {
    vi.stubGlobal('navigator', { ...navigator, clipboard });
    const { result } = renderHook(() =>
      useCopyLink('https://x.test/@sakura?invite=1', 'done', 'unsupported'),
    );
    await act(() => result.current.copy());
    return result.current.notice;
  };

  it('copies the link and says so', async () => {
    const writeText = vi.fn(async () => {});
    expect(await copyWith({ writeText })).toEqual({ kind: 'success', key: 'done' });
    expect(writeText).toHaveBeenCalledWith('https://x.test/@sakura?invite=1');
  });

  it('says the clipboard is unsupported when it is missing or refuses', async () => {
    expect(await copyWith(undefined)).toEqual({ kind: 'error', key: 'unsupported' });
    const refuse = vi.fn(async () => {
      throw new Error('denied');
    });
    expect(await copyWith({ writeText: refuse })).toEqual({ kind: 'error', key: 'unsupported' });
  });
});
