import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../lib/i18n.ts';
import { ImageViewer, type ViewerImage } from './ImageViewer.tsx';

const images: ViewerImage[] = [
  { src: 'data:image/png;base64,AAAA', title: 'First', alt: 'first picture' },
  { src: 'data:image/png;base64,BBBB', title: 'Second' },
  { src: 'data:image/png;base64,CCCC' },
];

function renderViewer(props: Partial<Parameters<typeof ImageViewer>[0]> = {}) {
  const onClose = vi.fn();
  const onError = vi.fn();
  const onIndexChange = vi.fn();
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <ImageViewer
        images={images}
        visible
        index={0}
        onClose={onClose}
        onError={onError}
        onIndexChange={onIndexChange}
        {...props}
      />
    </I18nextProvider>,
  );
  return { onClose, onError, onIndexChange };
}

const dialog = () => screen.getByRole('dialog');
const img = () => dialog().querySelector('img') as HTMLImageElement;

describe('ImageViewer', () => {
  afterEach(() => cleanup());

  it('shows the title and position, loads, and zooms in 12 % steps from the toolbar', () => {
    renderViewer();
    expect(screen.getByRole('heading', { name: 'First' })).toBeTruthy();
    expect(screen.getByText('1 / 3')).toBeTruthy();
    expect(dialog().querySelector('[data-status="loading"]')).toBeTruthy();
    expect(img().alt).toBe('first picture');
    fireEvent.load(img());
    expect(dialog().querySelector('[data-status="ready"]')).toBeTruthy();
    expect(screen.getByText('100%')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByText('112%')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(screen.getByText('100%')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rotate right' }));
    expect(img().style.transform).toContain('rotate(90deg)');
    fireEvent.click(screen.getByRole('button', { name: 'Rotate left' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rotate left' }));
    expect(img().style.transform).toContain('rotate(270deg)');
  });

  it('works from the keyboard: arrows change image, + − 0 zoom, R rotates', () => {
    const { onIndexChange } = renderViewer();
    fireEvent.load(img());
    fireEvent.keyDown(dialog(), { key: '+' });
    fireEvent.keyDown(dialog(), { key: '+' });
    expect(screen.getByText('125%')).toBeTruthy();
    fireEvent.keyDown(dialog(), { key: '0' });
    expect(screen.getByText('100%')).toBeTruthy();
    fireEvent.keyDown(dialog(), { key: 'r' });
    expect(img().style.transform).toContain('rotate(90deg)');
    fireEvent.keyDown(dialog(), { key: 'ArrowRight' });
    expect(screen.getByRole('heading', { name: 'Second' })).toBeTruthy();
    expect(onIndexChange).toHaveBeenLastCalledWith(1);
    fireEvent.keyDown(dialog(), { key: 'ArrowLeft' });
    fireEvent.keyDown(dialog(), { key: 'ArrowLeft' });
    // Wraps around; an untitled image gets the generic name.
    expect(screen.getByRole('heading', { name: 'Image' })).toBeTruthy();
    expect(screen.getByText('3 / 3')).toBeTruthy();
  });

  it('toggles the maximum zoom on double-click and throttles the wheel', () => {
    renderViewer();
    fireEvent.load(img());
    const stage = dialog().querySelector('.viewer__stage') as HTMLElement;
    fireEvent.doubleClick(stage);
    expect(screen.getByText('300%')).toBeTruthy();
    fireEvent.doubleClick(stage);
    expect(screen.getByText('100%')).toBeTruthy();
    fireEvent.wheel(stage, { deltaY: -100, timeStamp: 1000 });
    fireEvent.wheel(stage, { deltaY: -100, timeStamp: 1040 });
    expect(screen.getByText('112%')).toBeTruthy();
  });

  it('changes image on a swipe past 50 px', () => {
    renderViewer();
    fireEvent.load(img());
    const stage = dialog().querySelector('.viewer__stage') as HTMLElement;
    fireEvent.pointerDown(stage, { pointerId: 1, clientX: 200, clientY: 300, pointerType: 'touch' });
    fireEvent.pointerMove(stage, { pointerId: 1, clientX: 120, clientY: 310, pointerType: 'touch' });
    fireEvent.pointerUp(stage, { pointerId: 1, clientX: 120, clientY: 310, pointerType: 'touch' });
    expect(screen.getByRole('heading', { name: 'Second' })).toBeTruthy();
    fireEvent.load(img());
    fireEvent.pointerDown(stage, { pointerId: 2, clientX: 200, clientY: 300, pointerType: 'touch' });
    fireEvent.pointerMove(stage, { pointerId: 2, clientX: 170, clientY: 300, pointerType: 'touch' });
    fireEvent.pointerUp(stage, { pointerId: 2, clientX: 170, clientY: 300, pointerType: 'touch' });
    expect(screen.getByRole('heading', { name: 'Second' })).toBeTruthy();
  });

  it('shows a broken-image placeholder and reports the error', () => {
    const { onError } = renderViewer({ index: 1 });
    fireEvent.error(img());
    expect(screen.getByRole('alert').textContent).toContain('The image could not be loaded.');
    expect(onError).toHaveBeenCalledWith(images[1], 1);
  });

  it('closes with the close button and with Escape', () => {
    const { onClose } = renderViewer();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent(dialog(), new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
