/**
 * Pure geometry of the dashboard's SVG charts (no React): scales, bar rectangles, donut arcs and line points. Kept
 * apart so it can be tested exactly and the chart components stay declarative.
 */

export interface Box {
  width: number;
  height: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** The smallest "nice" axis maximum (1, 2, 2.5 or 5 × 10ⁿ, at least 1) that is ≥ `max`. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * magnitude >= max) ?? 10;
  return step * magnitude;
}

/** How many steps divide `top` into whole numbers (4, else 5, else 2), so count axes never read 1.25. */
export function tickCount(top: number): number {
  return [4, 5, 2].find((count) => Number.isInteger(top / count)) ?? 1;
}

/** `count + 1` evenly spaced tick values from 0 to `top`. */
export function ticks(top: number, count = tickCount(top)): number[] {
  return Array.from({ length: count + 1 }, (_, index) => Number(((top * index) / count).toFixed(2)));
}

/**
 * One bar per value across the box: equal slots, each bar `barRatio` of its slot and centred in it; heights scaled to
 * `top` (bars of 0 have height 0 at the baseline).
 */
export function barRects(values: readonly number[], box: Box, top = niceMax(Math.max(0, ...values)), barRatio = 0.6): Rect[] {
  if (values.length === 0) return [];
  const slot = box.width / values.length;
  const width = slot * barRatio;
  return values.map((value, index) => {
    const height = top > 0 ? (Math.max(0, value) / top) * box.height : 0;
    return { x: index * slot + (slot - width) / 2, y: box.height - height, width, height };
  });
}

export interface Arc {
  /** SVG path of the ring segment (outer arc, then inner arc back). */
  path: string;
  /** Share of the total, 0..1. */
  fraction: number;
  startAngle: number;
  endAngle: number;
}

const round = (n: number) => Number(n.toFixed(3));

/** The point at `angle` (radians, 0 at 12 o'clock, clockwise) on a circle. */
export function polar(cx: number, cy: number, radius: number, angle: number): Point {
  return { x: round(cx + radius * Math.sin(angle)), y: round(cy - radius * Math.cos(angle)) };
}

function ringSegment(cx: number, cy: number, outer: number, inner: number, start: number, end: number): string {
  // A full turn cannot be drawn as one arc (start = end); it is drawn as two halves.
  if (end - start >= 2 * Math.PI - 1e-9) {
    const mid = start + Math.PI;
    return `${ringSegment(cx, cy, outer, inner, start, mid)} ${ringSegment(cx, cy, outer, inner, mid, end)}`;
  }
  const large = end - start > Math.PI ? 1 : 0;
  const o1 = polar(cx, cy, outer, start);
  const o2 = polar(cx, cy, outer, end);
  const i2 = polar(cx, cy, inner, end);
  const i1 = polar(cx, cy, inner, start);
  return [
    `M ${o1.x} ${o1.y}`,
    `A ${outer} ${outer} 0 ${large} 1 ${o2.x} ${o2.y}`,
    `L ${i2.x} ${i2.y}`,
    `A ${inner} ${inner} 0 ${large} 0 ${i1.x} ${i1.y}`,
    'Z',
  ].join(' ');
}

/**
 * Donut segments of `values` around (cx, cy), clockwise from 12 o'clock, in value order. Zero values get an empty
 * path (nothing to draw) so indexes still match the legend; an all-zero total draws nothing.
 */
export function donutArcs(values: readonly number[], cx: number, cy: number, outer: number, inner: number): Arc[] {
  const total = values.reduce((sum, value) => sum + Math.max(0, value), 0);
  let angle = 0;
  return values.map((value) => {
    const fraction = total > 0 ? Math.max(0, value) / total : 0;
    const start = angle;
    angle += fraction * 2 * Math.PI;
    return { path: fraction > 0 ? ringSegment(cx, cy, outer, inner, start, angle) : '', fraction, startAngle: start, endAngle: angle };
  });
}

/** Points of a line chart: evenly spread across the width (one value sits in the middle), scaled to `top`. */
export function linePoints(values: readonly number[], box: Box, top = niceMax(Math.max(0, ...values))): Point[] {
  const step = values.length > 1 ? box.width / (values.length - 1) : 0;
  return values.map((value, index) => ({
    x: round(values.length > 1 ? index * step : box.width / 2),
    y: round(box.height - (top > 0 ? (Math.max(0, value) / top) * box.height : 0)),
  }));
}

export const linePath = (points: readonly Point[]) =>
  points.map((point, index) => `${index === 0 ? 'M' : 'L'} ${point.x} ${point.y}`).join(' ');

/** Percentage text of a fraction, e.g. 0.125 → "12.5%", 1/3 → "33.3%". */
export const percentText = (fraction: number) => `${Number((fraction * 100).toFixed(1))}%`;
