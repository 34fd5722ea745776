/**
 * The image viewer's rules as pure functions (spec 4 "Image viewer", 9 "Image viewer"): zoom in
 * steps of 0.12 between 0.1 and 3 times the natural size, rotation in 90° steps, double-click
 * toggling the maximum zoom, a swipe past 50 px changing the image, the wheel throttled to 80 ms.
 */

export const VIEWER = {
  zoomStep: 0.12,
  maxZoom: 3,
  minZoom: 0.1,
  swipeTolerance: 50,
  wheelThrottleMs: 80,
  rotateStep: 90,
} as const;

export interface Size {
  w: number;
  h: number;
}

/** The scale (of the natural size) that fits the image in the stage, never enlarging it. */
export function fitScale(natural: Size, stage: Size, rotation: number): number {
  if (natural.w <= 0 || natural.h <= 0 || stage.w <= 0 || stage.h <= 0) return 1;
  const turned = Math.abs(rotation / 90) % 2 === 1;
  const w = turned ? natural.h : natural.w;
  const h = turned ? natural.w : natural.h;
  return Math.min(1, stage.w / w, stage.h / h);
}

/** The smallest scale allowed: 0.1, or the fitted scale of an image that is larger still. */
export const minScale = (fit: number) => Math.min(VIEWER.minZoom, fit);

export function clampScale(scale: number, fit: number): number {
  return Math.min(VIEWER.maxZoom, Math.max(minScale(fit), scale));
}

/** One step in (+1) or out (-1): 12 % of the current size. */
export function zoomStep(scale: number, direction: 1 | -1, fit: number): number {
  const next = direction > 0 ? scale * (1 + VIEWER.zoomStep) : scale / (1 + VIEWER.zoomStep);
  // Passing the fitted size stops there once, so the "whole picture" size is easy to get back to.
  if ((scale < fit && next > fit) || (scale > fit && next < fit)) return fit;
  return clampScale(next, fit);
}

/** Double-click: to the maximum zoom, or back to the fitted size when zoomed in already. */
export function toggleMaxZoom(scale: number, fit: number): number {
  return scale > fit + 1e-6 ? fit : VIEWER.maxZoom;
}

/** Rotation by one step, kept in [0, 360). */
export function rotate(rotation: number, direction: 1 | -1): number {
  return (((rotation + direction * VIEWER.rotateStep) % 360) + 360) % 360;
}

/** A horizontal swipe's result: -1 to the previous image, +1 to the next, 0 to stay. */
export function swipeDirection(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) <= VIEWER.swipeTolerance || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/** The pinch scale: the start scale times the change of the fingers' distance. */
export function pinchScale(startScale: number, startDistance: number, distance: number, fit: number) {
  if (startDistance <= 0) return startScale;
  return clampScale(startScale * (distance / startDistance), fit);
}

/** A throttle gate: true when an event at `now` may act (at most once per `ms`). */
export function throttleGate(ms: number = VIEWER.wheelThrottleMs) {
  let last = Number.NEGATIVE_INFINITY;
  return (now: number) => {
    if (now - last < ms) return false;
    last = now;
    return true;
  };
}
