import {
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type WheelEvent as ReactWheelEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  fitScale,
  pinchScale,
  rotate,
  type Size,
  swipeDirection,
  throttleGate,
  toggleMaxZoom,
  VIEWER,
  zoomStep,
} from './image-viewer-math.ts';
import './image-viewer.css';
import { useModal } from './useModal.ts';

/** One image of the viewer (spec 3 "Image viewer input"). */
export interface ViewerImage {
  src: string;
  title?: string | undefined;
  alt?: string | undefined;
}

interface Props {
  images: readonly ViewerImage[];
  visible: boolean;
  index: number;
  onClose: () => void;
  onIndexChange?: (index: number) => void;
  /** An image failed to load (the viewer shows a broken-image placeholder). */
  onError?: (image: ViewerImage, index: number) => void;
}

type Status = 'loading' | 'ready' | 'error';

interface View {
  scale: number;
  fit: number;
  rotation: number;
  x: number;
  y: number;
}

const initialView: View = { scale: 1, fit: 1, rotation: 0, x: 0, y: 0 };

interface PointerTrack {
  startX: number;
  startY: number;
  x: number;
  y: number;
}

function distance(a: PointerTrack, b: PointerTrack) {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/**
 * A modal image viewer (spec 4): previous/next, close, a toolbar (zoom in and out, back to the
 * fitted size, rotate left and right) and an optional title. Wheel, double-click, drag to pan,
 * pinch to zoom and swipe to change image; the keyboard does all of it too (← → + − 0 R L Esc).
 * States: loading, error, dragging, gesturing.
 */
export function ImageViewer({ images, visible, index, onClose, onIndexChange, onError }: Props) {
  const { t } = useTranslation();
  // The native dialog gives the focus trap, Escape and the backdrop.
  const dialogRef = useModal(visible);
  const stageRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const [current, setCurrent] = useState(index);
  const [status, setStatus] = useState<Status>('loading');
  const [natural, setNatural] = useState<Size | null>(null);
  const [view, setView] = useState<View>(initialView);
  const [dragging, setDragging] = useState(false);
  const [gesturing, setGesturing] = useState(false);
  const pointers = useRef(new Map<number, PointerTrack>());
  const pinch = useRef<{ distance: number; scale: number } | null>(null);
  const pan = useRef<{ x: number; y: number } | null>(null);
  const wheelGate = useMemo(() => throttleGate(), []);
  const count = images.length;
  const image = images[current];

  useEffect(() => setCurrent(index), [index]);

  const stageSize = useCallback((): Size => {
    const el = stageRef.current;
    return { w: el?.clientWidth ?? 0, h: el?.clientHeight ?? 0 };
  }, []);

  // A new image starts loading at its fitted size, upright.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the shown image changes
  useLayoutEffect(() => {
    setStatus('loading');
    setNatural(null);
    setView(initialView);
  }, [current, image?.src, visible]);

  const refit = useCallback(
    (rotation: number, keepZoom: boolean) => {
      if (!natural) return;
      const fit = fitScale(natural, stageSize(), rotation);
      setView((v) => ({
        ...v,
        rotation,
        fit,
        scale: keepZoom && Math.abs(v.scale - v.fit) > 1e-6 ? v.scale : fit,
        ...(keepZoom ? {} : { x: 0, y: 0 }),
      }));
    },
    [natural, stageSize],
  );

  useEffect(() => {
    if (!natural || !visible) return;
    refit(view.rotation, true);
    const onResize = () => refit(view.rotation, true);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [natural, visible, refit, view.rotation]);

  const go = useCallback(
    (step: -1 | 1) => {
      if (count < 2) return;
      const next = (current + step + count) % count;
      setCurrent(next);
      onIndexChange?.(next);
    },
    [count, current, onIndexChange],
  );

  const zoom = useCallback(
    (direction: 1 | -1) =>
      setView((v) => {
        const scale = zoomStep(v.scale, direction, v.fit);
        return { ...v, scale, ...(scale <= v.fit ? { x: 0, y: 0 } : {}) };
      }),
    [],
  );
  const resize = useCallback(() => setView((v) => ({ ...v, scale: v.fit, x: 0, y: 0 })), []);
  const turn = useCallback(
    (direction: 1 | -1) => refit(rotate(view.rotation, direction), false),
    [refit, view.rotation],
  );

  const onKeyDown = (e: ReactKeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    let action: (() => void) | null = null;
    switch (e.key) {
      case 'ArrowLeft':
        action = () => go(-1);
        break;
      case 'ArrowRight':
        action = () => go(1);
        break;
      case '+':
      case '=':
        action = () => zoom(1);
        break;
      case '-':
      case '_':
        action = () => zoom(-1);
        break;
      case '0':
        action = resize;
        break;
      case 'r':
        action = () => turn(1);
        break;
      case 'R':
      case 'l':
      case 'L':
        action = () => turn(-1);
        break;
    }
    if (!action) return;
    e.preventDefault();
    action();
  };

  const onWheel = (e: ReactWheelEvent) => {
    if (status !== 'ready' || e.deltaY === 0) return;
    if (!wheelGate(e.timeStamp || Date.now())) return;
    zoom(e.deltaY < 0 ? 1 : -1);
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (status !== 'ready' || (e.pointerType === 'mouse' && e.button !== 0)) return;
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
    pointers.current.set(e.pointerId, { startX: e.clientX, startY: e.clientY, x: e.clientX, y: e.clientY });
    const list = [...pointers.current.values()];
    if (list.length === 2 && list[0] && list[1]) {
      pinch.current = { distance: distance(list[0], list[1]), scale: view.scale };
      pan.current = null;
      setGesturing(true);
      setDragging(false);
    } else if (list.length === 1) {
      pan.current = { x: view.x, y: view.y };
      setDragging(true);
    }
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const p = pointers.current.get(e.pointerId);
    if (!p) return;
    p.x = e.clientX;
    p.y = e.clientY;
    const list = [...pointers.current.values()];
    if (pinch.current && list[0] && list[1]) {
      const start = pinch.current;
      const d = distance(list[0], list[1]);
      setView((v) => ({ ...v, scale: pinchScale(start.scale, start.distance, d, v.fit) }));
      return;
    }
    if (pan.current && view.scale > view.fit + 1e-6) {
      const origin = pan.current;
      setView((v) => ({ ...v, x: origin.x + (p.x - p.startX), y: origin.y + (p.y - p.startY) }));
    }
  };

  const onPointerUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    const p = pointers.current.get(e.pointerId);
    pointers.current.delete(e.pointerId);
    if (!p) return;
    if (pinch.current) {
      if (pointers.current.size < 2) {
        pinch.current = null;
        setGesturing(false);
        setView((v) => (v.scale <= v.fit ? { ...v, x: 0, y: 0 } : v));
      }
      return;
    }
    setDragging(false);
    pan.current = null;
    // At the fitted size a horizontal swipe changes image.
    if (view.scale <= view.fit + 1e-6 && e.type === 'pointerup') {
      const step = swipeDirection(p.x - p.startX, p.y - p.startY);
      if (step !== 0) go(step);
    }
  };

  if (!image && visible) return null;
  const transform = `translate(-50%, -50%) translate(${view.x}px, ${view.y}px) rotate(${view.rotation}deg) scale(${view.scale})`;
  const zoomPercent = Math.round(view.scale * 100);

  return (
    <dialog
      ref={dialogRef}
      className="viewer"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
    >
      {visible && image ? (
        <>
          <div className="viewer__bar">
            <h2 id={titleId} className="viewer__title">
              {image.title || t('common.viewer.label')}
            </h2>
            {count > 1 ? (
              <span className="viewer__count">
                {t('common.viewer.position', { index: current + 1, count })}
              </span>
            ) : null}
            <button
              type="button"
              className="viewer__btn viewer__close"
              onClick={onClose}
              aria-label={t('common.viewer.close')}
            >
              <Icon name="close" />
            </button>
          </div>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the gestures repeat what the toolbar buttons and keys do */}
          <div
            ref={stageRef}
            className={`viewer__stage viewer__stage--${status}${dragging ? ' is-dragging' : ''}${gesturing ? ' is-gesturing' : ''}`}
            data-status={status}
            data-dragging={dragging || undefined}
            data-gesturing={gesturing || undefined}
            onWheel={onWheel}
            onDoubleClick={() =>
              status === 'ready' &&
              setView((v) => ({ ...v, scale: toggleMaxZoom(v.scale, v.fit), x: 0, y: 0 }))
            }
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
          >
            {status === 'loading' ? (
              <span className="viewer__loading" role="status">
                <span className="spinner__circle" aria-hidden="true" />
                <span className="visually-hidden">{t('common.loading')}</span>
              </span>
            ) : null}
            {status === 'error' ? (
              <div className="viewer__broken" role="alert">
                <Icon name="broken" />
                <span>{t('common.viewer.error')}</span>
              </div>
            ) : (
              <img
                key={image.src}
                className="viewer__img"
                src={image.src}
                alt={image.alt ?? image.title ?? ''}
                draggable={false}
                style={{
                  transform,
                  visibility: status === 'ready' ? 'visible' : 'hidden',
                  ...(natural ? { width: natural.w, height: natural.h } : {}),
                }}
                onLoad={(e) => {
                  const img = e.currentTarget;
                  const size = { w: img.naturalWidth || img.width, h: img.naturalHeight || img.height };
                  const fit = fitScale(size, stageSize(), 0);
                  setNatural(size);
                  setView({ ...initialView, fit, scale: fit });
                  setStatus('ready');
                }}
                onError={() => {
                  setStatus('error');
                  onError?.(image, current);
                }}
              />
            )}
          </div>
          {count > 1 ? (
            <>
              <button
                type="button"
                className="viewer__btn viewer__nav viewer__nav--prev"
                onClick={() => go(-1)}
                aria-label={t('common.viewer.prev')}
              >
                <Icon name="prev" />
              </button>
              <button
                type="button"
                className="viewer__btn viewer__nav viewer__nav--next"
                onClick={() => go(1)}
                aria-label={t('common.viewer.next')}
              >
                <Icon name="next" />
              </button>
            </>
          ) : null}
          <div className="viewer__toolbar" role="toolbar" aria-label={t('common.viewer.toolbar')}>
            <ToolButton
              icon="zoomOut"
              label={t('common.viewer.zoomOut')}
              onClick={() => zoom(-1)}
              disabled={status !== 'ready' || view.scale <= Math.min(VIEWER.minZoom, view.fit) + 1e-6}
            />
            <output className="viewer__zoom" aria-live="polite">
              {status === 'ready' ? `${zoomPercent}%` : ''}
            </output>
            <ToolButton
              icon="zoomIn"
              label={t('common.viewer.zoomIn')}
              onClick={() => zoom(1)}
              disabled={status !== 'ready' || view.scale >= VIEWER.maxZoom - 1e-6}
            />
            <ToolButton
              icon="resize"
              label={t('common.viewer.resize')}
              onClick={resize}
              disabled={status !== 'ready'}
            />
            <ToolButton
              icon="rotateLeft"
              label={t('common.viewer.rotateLeft')}
              onClick={() => turn(-1)}
              disabled={status !== 'ready'}
            />
            <ToolButton
              icon="rotateRight"
              label={t('common.viewer.rotateRight')}
              onClick={() => turn(1)}
              disabled={status !== 'ready'}
            />
          </div>
          <p className="visually-hidden">{t('common.viewer.keys')}</p>
        </>
      ) : null}
    </dialog>
  );
}

function ToolButton({
  icon,
  label,
  onClick,
  disabled,
}: {
  icon: IconName;
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      className="viewer__btn"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={label}
    >
      <Icon name={icon} />
    </button>
  );
}

type IconName =
  | 'close'
  | 'prev'
  | 'next'
  | 'zoomIn'
  | 'zoomOut'
  | 'resize'
  | 'rotateLeft'
  | 'rotateRight'
  | 'broken';

const paths: Record<IconName, string> = {
  close: 'M6 6l12 12M18 6L6 18',
  prev: 'M15 5l-7 7 7 7',
  next: 'M9 5l7 7-7 7',
  zoomIn: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4M8 11h6M11 8v6',
  zoomOut: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4M8 11h6',
  resize: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
  rotateLeft: 'M4 4v5h5M5.5 15a7 7 0 1 0 1.2-7.3L4 9',
  rotateRight: 'M20 4v5h-5M18.5 15a7 7 0 1 1-1.2-7.3L20 9',
  broken: 'M4 4h16v10l-4-3-3 4-3-2-6 5zM4 18l4-3 3 2 3-4 6 4v3H4z',
};

function Icon({ name }: { name: IconName }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d={paths[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
