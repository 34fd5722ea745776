import { businessConfig } from '@app/shared/config';
import { describe, expect, it } from 'vitest';
import { acceptAttribute, fileKind, fileProblem } from './files.ts';

describe('chat files', () => {
  it('takes the pictures and videos the API accepts, up to the size limit', () => {
    expect(acceptAttribute).toContain('image/jpeg');
    expect(acceptAttribute).toContain('video/mp4');
    expect(fileProblem({ type: 'image/png', size: 10 })).toBeNull();
    expect(fileProblem({ type: 'application/pdf', size: 10 })).toBe('type');
    expect(fileProblem({ type: 'image/png', size: businessConfig.chat.fileMaxBytes + 1 })).toBe('size');
    expect(fileProblem({ type: 'image/png', size: 0 })).toBe('size');
  });
  it('shows a key as a picture, a video or a plain file', () => {
    expect(fileKind('chat/a_b/me-1.jpg')).toBe('image');
    expect(fileKind('chat/a_b/me-1.webp')).toBe('image');
    expect(fileKind('chat/a_b/me-1.mov')).toBe('video');
    expect(fileKind('chat/a_b/me-1.bin')).toBe('other');
    expect(fileKind(null)).toBe('other');
  });
});
