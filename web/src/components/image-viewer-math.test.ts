import { describe, expect, it } from 'vitest';
import {
  clampScale,
  fitScale,
  pinchScale,
  rotate,
  swipeDirection,
  throttleGate,
  toggleMaxZoom,
  VIEWER,
  zoomStep,
} from './image-viewer-math.ts';

describe('image viewer rules', () => {
  it('uses the constants of spec section 9', () => {
    expect(VIEWER).toMatchObject({
      zoomStep: 0.12,
      maxZoom: 3,
      minZoom: 0.1,
      swipeTolerance: 50,
      wheelThrottleMs: 80,
      rotateStep: 90,
    });
  });

  it('fits the image in the stage without enlarging it, turned sideways after a quarter turn', () => {
    expect(fitScale({ w: 100, h: 100 }, { w: 390, h: 600 }, 0)).toBe(1);
    expect(fitScale({ w: 780, h: 300 }, { w: 390, h: 600 }, 0)).toBe(0.5);
    // Sideways, the 780 px side stands against the 600 px height.
    expect(fitScale({ w: 780, h: 300 }, { w: 390, h: 600 }, 90)).toBeCloseTo(600 / 780);
    expect(fitScale({ w: 780, h: 300 }, { w: 390, h: 600 }, 270)).toBeCloseTo(600 / 780);
    expect(fitScale({ w: 300, h: 780 }, { w: 390, h: 600 }, 90)).toBe(0.5);
  });

  it('zooms by 12 % a step, between 0.1 and 3 times the natural size', () => {
    expect(zoomStep(1, 1, 1)).toBeCloseTo(1.12);
    expect(zoomStep(1.12, -1, 1)).toBeCloseTo(1);
    let s = 1;
    for (let i = 0; i < 100; i++) s = zoomStep(s, 1, 1);
    expect(s).toBe(3);
    for (let i = 0; i < 100; i++) s = zoomStep(s, -1, 1);
    expect(s).toBe(0.1);
    // A huge image fitted below 0.1 can still be seen whole.
    expect(clampScale(0.01, 0.05)).toBe(0.05);
  });

  it('stops once at the fitted size on the way through', () => {
    expect(zoomStep(0.95, 1, 1)).toBe(1);
    expect(zoomStep(0.55, -1, 0.5)).toBe(0.5);
  });

  it('toggles the maximum zoom on double-click', () => {
    expect(toggleMaxZoom(0.5, 0.5)).toBe(3);
    expect(toggleMaxZoom(3, 0.5)).toBe(0.5);
    expect(toggleMaxZoom(1.2, 0.5)).toBe(0.5);
  });

  it('rotates in 90° steps both ways', () => {
    expect(rotate(0, 1)).toBe(90);
    expect(rotate(0, -1)).toBe(270);
    expect(rotate(270, 1)).toBe(0);
  });

  it('changes image only for a mostly horizontal swipe past 50 px', () => {
    expect(swipeDirection(-51, 10)).toBe(1);
    expect(swipeDirection(51, 10)).toBe(-1);
    expect(swipeDirection(50, 0)).toBe(0);
    expect(swipeDirection(-80, 90)).toBe(0);
  });

  it('pinches in proportion to the fingers, within the limits', () => {
    expect(pinchScale(1, 100, 150, 1)).toBe(1.5);
    expect(pinchScale(1, 100, 1000, 1)).toBe(3);
    expect(pinchScale(1, 100, 1, 1)).toBe(0.1);
  });

  it('lets the wheel act at most once every 80 ms', () => {
    const gate = throttleGate();
    expect(gate(1000)).toBe(true);
    expect(gate(1079)).toBe(false);
    expect(gate(1080)).toBe(true);
  });
});
