import { mediaPurposes } from '@app/shared/media';
import { describe, expect, it } from 'vitest';
import { acceptAttribute, fileKind, fileProblem, maxMegabytesOf } from './files.ts';

describe('chat files', () => {
  it('takes the pictures and videos the API accepts, up to the size limit', () => {
    expect(acceptAttribute).toContain('image/jpeg');
    expect(acceptAttribute).toContain('video/mp4');
    expect(fileProblem({ type: 'image/png', size: 10 })).toBeNull();
    expect(fileProblem({ type: 'application/pdf', size: 10 })).toBe('type');
    // Photos and videos have their own limits (shared/src/media.ts).
    const photoMax = mediaPurposes.chatPhoto.maxBytes;
    expect(photoMax).toBeLessThan(mediaPurposes.chatVideo.maxBytes);
    expect(fileProblem({ type: 'image/png', size: photoMax })).toBeNull();
    expect(fileProblem({ type: 'image/png', size: photoMax + 1 })).toBe('size');
    expect(fileProblem({ type: 'video/mp4', size: photoMax + 1 })).toBeNull();
    expect(fileProblem({ type: 'video/mp4', size: mediaPurposes.chatVideo.maxBytes + 1 })).toBe('size');
    expect(fileProblem({ type: 'image/png', size: 0 })).toBe('size');
    expect(maxMegabytesOf('image/png')).toBe(20);
    expect(maxMegabytesOf('video/mp4')).toBe(50);
  });
  it('shows a key as a picture, a video or a plain file', () => {
    expect(fileKind('chat/a_b/me-1.jpg')).toBe('image');
    expect(fileKind('chat/a_b/me-1.webp')).toBe('image');
    expect(fileKind('chat/a_b/me-1.mov')).toBe('video');
    expect(fileKind('chat/a_b/me-1.bin')).toBe('other');
    expect(fileKind(null)).toBe('other');
  });
});
