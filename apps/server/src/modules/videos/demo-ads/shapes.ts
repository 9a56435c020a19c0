/**
 * Shapes for the demo ads' pictures (decision 035): signed distances in pixels (negative inside)
 * that paint() turns into anti-aliased RGBA layers. Drawn here rather than by ffmpeg's geq, which
 * takes seconds a sprite on a busy machine; these take milliseconds.
 */

/** A shape's signed distance at a point (negative inside, in pixels). */
export type Shape = (x: number, y: number) => number;
/** A value at a point: shading, patterns, fades. */
export type Field = (x: number, y: number) => number;

export const circle =
  (cx: number, cy: number, r: number): Shape =>
  (x, y) =>
    Math.hypot(x - cx, y - cy) - r;

/** An ellipse's distance, near enough at its edge for anti-aliasing. */
export const ellipse =
  (cx: number, cy: number, rx: number, ry: number): Shape =>
  (x, y) =>
    (Math.hypot((x - cx) / rx, (y - cy) / ry) - 1) * Math.min(rx, ry);

/** A box centred on (cx, cy), half-sizes hw × hh, corners rounded by r. */
export function box(cx: number, cy: number, hw: number, hh: number, r = 0): Shape {
  const rr = Math.min(r, hw, hh);
  return (x, y) => {
    const qx = Math.abs(x - cx) - (hw - rr);
    const qy = Math.abs(y - cy) - (hh - rr);
    return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - rr;
  };
}

/** A band of thickness `width` along a circle of radius r. */
export const ring =
  (cx: number, cy: number, r: number, width: number): Shape =>
  (x, y) =>
    Math.abs(Math.hypot(x - cx, y - cy) - r) - width / 2;

/** A trapezoid: top edge at y0 of half-width w0, bottom edge at y1 of half-width w1. */
export function taper(cx: number, y0: number, w0: number, y1: number, w1: number): Shape {
  const slope = (w1 - w0) / (y1 - y0);
  return (x, y) => Math.max(Math.abs(x - cx) - (w0 + (y - y0) * slope), y0 - y, y - y1);
}

/** Everything on one side of a horizontal or vertical line. */
export const above =
  (y0: number): Shape =>
  (_x, y) =>
    y - y0;
export const belowOf =
  (y0: number): Shape =>
  (_x, y) =>
    y0 - y;
export const leftOf =
  (x0: number): Shape =>
  (x) =>
    x - x0;
export const rightOf =
  (x0: number): Shape =>
  (x) =>
    x0 - x;

/** A shape turned by `degrees` (clockwise on screen) about (cx, cy). */
export function turned(cx: number, cy: number, degrees: number, shape: Shape): Shape {
  const a = (degrees * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return (x, y) => shape(cx + (x - cx) * c + (y - cy) * s, cy - (x - cx) * s + (y - cy) * c);
}

export const union =
  (...shapes: Shape[]): Shape =>
  (x, y) => {
    let d = Number.POSITIVE_INFINITY;
    for (const shape of shapes) d = Math.min(d, shape(x, y));
    return d;
  };

export const intersect =
  (...shapes: Shape[]): Shape =>
  (x, y) => {
    let d = Number.NEGATIVE_INFINITY;
    for (const shape of shapes) d = Math.max(d, shape(x, y));
    return d;
  };

export const minus =
  (shape: Shape, hole: Shape): Shape =>
  (x, y) =>
    Math.max(shape(x, y), -hole(x, y));

export type Vec = readonly [number, number];

/**
 * A closed polygon's signed distance: exact within a few pixels of its edge, where anti-aliasing
 * needs it. Farther away a coarse grid's value answers (the distance changes by at most the step
 * taken, so the sign and "more than a pixel away" stay right): a shoe's outline of 150 points
 * costs milliseconds rather than seconds.
 */
export function polygon(points: readonly Vec[]): Shape {
  const n = points.length;
  const xs = Float64Array.from(points, (p) => p[0]);
  const ys = Float64Array.from(points, (p) => p[1]);
  const exact = (x: number, y: number) => {
    let d = Number.POSITIVE_INFINITY;
    let inside = false;
    for (let i = 0, j = n - 1; i < n; j = i, i += 1) {
      const xi = xs[i] as number;
      const yi = ys[i] as number;
      const ex = (xs[j] as number) - xi;
      const ey = (ys[j] as number) - yi;
      const wx = x - xi;
      const wy = y - yi;
      const h = Math.max(0, Math.min(1, (wx * ex + wy * ey) / (ex * ex + ey * ey || 1)));
      const dx = wx - ex * h;
      const dy = wy - ey * h;
      const dd = dx * dx + dy * dy;
      if (dd < d) d = dd;
      if (yi > y !== (ys[j] as number) > y && x < (ex * (y - yi)) / ey + xi) inside = !inside;
    }
    return (inside ? -1 : 1) * Math.sqrt(d);
  };
  const CELL = 8;
  const grid = new Map<number, number>();
  return (x, y) => {
    const cx = Math.floor(x / CELL);
    const cy = Math.floor(y / CELL);
    const key = cx * 100_003 + cy;
    let centre = grid.get(key);
    const mx = (cx + 0.5) * CELL;
    const my = (cy + 0.5) * CELL;
    if (centre === undefined) {
      centre = exact(mx, my);
      grid.set(key, centre);
    }
    const away = Math.hypot(x - mx, y - my);
    if (Math.abs(centre) - away > 2) return centre > 0 ? centre - away : centre + away;
    return exact(x, y);
  };
}

/** A closed Catmull-Rom curve through the points, as a polygon of `steps` points a span. */
export function smooth(points: readonly Vec[], steps = 8): Vec[] {
  const out: Vec[] = [];
  const n = points.length;
  for (let i = 0; i < n; i += 1) {
    const p0 = points[(i - 1 + n) % n] as Vec;
    const p1 = points[i] as Vec;
    const p2 = points[(i + 1) % n] as Vec;
    const p3 = points[(i + 2) % n] as Vec;
    for (let s = 0; s < steps; s += 1) {
      const t = s / steps;
      const t2 = t * t;
      const t3 = t2 * t;
      const at = (k: 0 | 1) =>
        0.5 *
        (2 * p1[k] +
          (-p0[k] + p2[k]) * t +
          (2 * p0[k] - 5 * p1[k] + 4 * p2[k] - p3[k]) * t2 +
          (-p0[k] + 3 * p1[k] - 3 * p2[k] + p3[k]) * t3);
      out.push([at(0), at(1)]);
    }
  }
  return out;
}

export type Rgb = readonly [number, number, number];

/** '#rrggbb' as numbers. */
export function rgb(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export interface Layer {
  shape: Shape;
  color: Rgb;
  /** A second colour and where it shows (0–1): patterns, gradients. */
  pattern?: { color: Rgb; amount: Field };
  /** A multiplier (about 0.6–1.2): shading that makes a flat shape look round. */
  shade?: Field;
  /** Light added on top (0–1 of white): highlights. */
  gloss?: Field;
  /** The layer's edge blur in pixels (soft shadows and glows). */
  soft?: number;
  /** The layer's own opacity (0–1, or a field: fades). */
  opacity?: number | Field;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** A turn of the event loop: long drawing runs beside a live server, a few rows at a time. */
export const breather = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The layers painted in order (later ones on top) into straight-alpha RGBA bytes, width × height
 * pixels, the shapes' coordinates scaled by `scale`.
 */
export async function paint(
  width: number,
  height: number,
  layers: readonly Layer[],
  scale = 1,
): Promise<Uint8Array> {
  const out = new Uint8Array(width * height * 4);
  for (let py = 0; py < height; py += 1) {
    if (py % 16 === 15) await breather();
    for (let px = 0; px < width; px += 1) {
      const x = (px + 0.5) / scale;
      const y = (py + 0.5) / scale;
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (const layer of layers) {
        const d = layer.shape(x, y) * scale;
        const soft = layer.soft ?? 1;
        if (d / soft > 0.5) continue;
        let cover = clamp(0.5 - d / soft, 0, 1);
        const opacity = layer.opacity;
        if (opacity !== undefined) cover *= typeof opacity === 'number' ? opacity : opacity(x, y);
        if (cover <= 0) continue;
        let [cr, cg, cb] = layer.color;
        if (layer.pattern) {
          const m = clamp(layer.pattern.amount(x, y), 0, 1);
          cr += (layer.pattern.color[0] - cr) * m;
          cg += (layer.pattern.color[1] - cg) * m;
          cb += (layer.pattern.color[2] - cb) * m;
        }
        if (layer.shade) {
          const s = layer.shade(x, y);
          cr *= s;
          cg *= s;
          cb *= s;
        }
        if (layer.gloss) {
          const l = 255 * layer.gloss(x, y);
          cr += l;
          cg += l;
          cb += l;
        }
        // "Over", in premultiplied terms.
        r = clamp(cr, 0, 255) * cover + r * (1 - cover);
        g = clamp(cg, 0, 255) * cover + g * (1 - cover);
        b = clamp(cb, 0, 255) * cover + b * (1 - cover);
        a = cover + a * (1 - cover);
      }
      const i = (py * width + px) * 4;
      if (a > 0) {
        out[i] = Math.round(r / a);
        out[i + 1] = Math.round(g / a);
        out[i + 2] = Math.round(b / a);
        out[i + 3] = Math.round(a * 255);
      }
    }
  }
  return out;
}
