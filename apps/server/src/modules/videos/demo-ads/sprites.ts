/**
 * The demo ads' products and props (decision 035), drawn once per clip as transparent sprites:
 * layered shapes with cylinder shading and highlights, so a can reads as a can and a sneaker as a
 * sneaker. The ad moves them about; their colours come from the ad's palette.
 */
import {
  above,
  belowOf,
  box,
  circle,
  ellipse,
  type Field,
  intersect,
  type Layer,
  polygon,
  type Rgb,
  rgb,
  ring,
  smooth,
  taper,
  turned,
  union,
} from './shapes';

export interface Sprite {
  width: number;
  height: number;
  layers: Layer[];
  /** Drawn at width × height, then scaled by this (a product's size in the ad). */
  scale?: number;
}

/** Light from the upper left across a cylinder centred on cx, half-width hw. */
const cylinder =
  (cx: number, hw: number): Field =>
  (x) =>
    0.72 + 0.38 * Math.cos(((x - cx) / hw) * 1.25 + 0.25);
/** A vertical highlight stripe at x0 of width w (0–strength of white). */
const stripe =
  (x0: number, w: number, strength: number): Field =>
  (x) =>
    strength * Math.exp(-(((x - x0) / w) ** 2));
/** Lighter at y0, darker by `drop` at y1. */
const vertical =
  (y0: number, y1: number, top: number, drop: number): Field =>
  (_x, y) =>
    top - (drop * (y - y0)) / (y1 - y0);

/** A running shoe in profile, toe to the right. */
export function sneaker(upper: Rgb, accent: Rgb, sole: Rgb, lining: Rgb): Sprite {
  const outline = polygon(
    smooth([
      [44, 250],
      [30, 196],
      [38, 128],
      [62, 84],
      [104, 70],
      [146, 92],
      [188, 112],
      [222, 96],
      [246, 70],
      [272, 74],
      [318, 112],
      [400, 156],
      [482, 186],
      [548, 206],
      [588, 232],
      [592, 258],
      [520, 264],
      [300, 262],
      [120, 262],
    ]),
  );
  const collar = polygon(
    smooth([
      [128, 90],
      [160, 100],
      [190, 116],
      [222, 100],
      [210, 134],
      [170, 138],
      [136, 122],
    ]),
  );
  const midsole = polygon(
    smooth(
      [
        [26, 236],
        [140, 234],
        [320, 246],
        [500, 250],
        [590, 242],
        [612, 252],
        [600, 280],
        [560, 298],
        [420, 304],
        [200, 304],
        [60, 302],
        [22, 280],
      ],
      6,
    ),
  );
  const swoosh = intersect(
    polygon(
      smooth([
        [120, 236],
        [250, 204],
        [380, 168],
        [500, 122],
        [520, 128],
        [400, 196],
        [270, 236],
        [150, 252],
      ]),
    ),
    outline,
  );
  const heelCounter = intersect(
    outline,
    polygon([
      [0, 120],
      [96, 134],
      [120, 250],
      [0, 260],
    ]),
  );
  const eyestay = intersect(
    outline,
    polygon(
      smooth([
        [232, 92],
        [276, 96],
        [330, 128],
        [420, 170],
        [410, 186],
        [322, 148],
        [262, 120],
        [226, 112],
      ]),
    ),
  );
  const laces = [262, 300, 338, 376].map((x) => {
    const y = 100 + (x - 250) * 0.52;
    return turned(x, y, 28, box(x, y, 20, 5, 5));
  });
  return {
    width: 620,
    height: 320,
    layers: [
      { shape: outline, color: upper, shade: vertical(70, 260, 1.1, 0.28) },
      { shape: collar, color: lining },
      { shape: heelCounter, color: accent, shade: vertical(120, 260, 1.05, 0.2) },
      { shape: eyestay, color: lining, opacity: 0.9 },
      { shape: union(...laces), color: [250, 250, 250] },
      { shape: swoosh, color: accent, shade: vertical(120, 250, 1.1, 0.2) },
      { shape: midsole, color: sole, shade: vertical(234, 304, 1.04, 0.14) },
      {
        shape: intersect(midsole, belowOf(280)),
        color: rgb('#e6e6ea'),
        opacity: 0.9,
      },
      { shape: intersect(midsole, belowOf(294)), color: rgb('#2a2a30') },
      { shape: ellipse(470, 200, 70, 16), color: [255, 255, 255], opacity: 0.3, soft: 10 },
    ],
  };
}

export function coffeeCup(cup: Rgb, sleeve: Rgb, lid: Rgb, bean: Rgb): Sprite {
  const cx = 160;
  const body = taper(cx, 100, 124, 462, 96);
  const band = intersect(taper(cx, 100, 125, 462, 97), belowOf(205), above(350));
  const beanShape = turned(cx, 276, 24, ellipse(cx, 276, 17, 25));
  const seam = intersect(
    (x, y) => Math.abs(x - cx - 7 * Math.sin((y - 276) / 8)) - 2.6,
    turned(cx, 276, 24, ellipse(cx, 276, 13, 21)),
  );
  return {
    width: 320,
    height: 480,
    layers: [
      { shape: body, color: cup, shade: cylinder(cx, 120), gloss: stripe(110, 12, 0.18) },
      { shape: band, color: sleeve, shade: cylinder(cx, 120) },
      { shape: circle(cx, 276, 44), color: cup },
      { shape: beanShape, color: bean },
      { shape: seam, color: cup },
      { shape: box(cx, 90, 136, 15, 10), color: lid, shade: vertical(75, 105, 1.15, 0.25) },
      { shape: box(cx, 62, 114, 16, 12), color: lid, shade: vertical(46, 78, 1.3, 0.35) },
      { shape: box(196, 54, 22, 5, 5), color: rgb('#120a06') },
    ],
  };
}

export function headphones(cups: Rgb, band: Rgb, accent: Rgb): Sprite {
  const cup = (cx: number) => box(cx, 330, 64, 94, 48);
  const cushion = (cx: number) => box(cx, 330, 16, 80, 12);
  return {
    width: 480,
    height: 460,
    layers: [
      {
        shape: intersect(ring(240, 236, 178, 30), above(240)),
        color: band,
        shade: (_x, y) => 1.25 - (0.45 * y) / 240,
      },
      { shape: intersect(ring(240, 236, 157, 12), above(210)), color: rgb('#3a3a48') },
      { shape: union(box(60, 250, 11, 40, 6), box(420, 250, 11, 40, 6)), color: rgb('#b8bcc8') },
      { shape: union(cushion(134), cushion(346)), color: rgb('#24242e') },
      {
        shape: union(cup(72), cup(408)),
        color: cups,
        shade: (x, y) => 1.06 - (0.2 * Math.abs(x - 240)) / 240 - (0.16 * (y - 250)) / 180,
        gloss: (x, y) => stripe(44, 10, 0.22)(x, y) + stripe(380, 10, 0.22)(x, y),
      },
      { shape: union(ring(72, 330, 26, 7), ring(408, 330, 26, 7)), color: accent },
    ],
  };
}

export function bottle(body: Rgb, cap: Rgb, mark: Rgb): Sprite {
  const shell = box(120, 384, 100, 252, 52);
  const wave = (offset: number, width: number) =>
    intersect(shell, (x, y) => Math.abs(y - (offset + 9 * Math.sin((x - 20) / 14))) - width);
  return {
    width: 240,
    height: 640,
    layers: [
      { shape: intersect(ring(120, 42, 30, 12), above(46)), color: cap },
      { shape: box(120, 82, 58, 34, 14), color: cap, shade: cylinder(120, 58) },
      { shape: box(120, 122, 72, 10, 5), color: rgb('#d5dde0'), shade: cylinder(120, 72) },
      { shape: shell, color: body, shade: cylinder(120, 100), gloss: stripe(76, 9, 0.3) },
      { shape: wave(520, 5), color: mark },
      { shape: wave(545, 3), color: mark, opacity: 0.7 },
    ],
  };
}

export function can(body: Rgb, stripes: Rgb, badge: Rgb, badgeRing: Rgb): Sprite {
  const shell = box(130, 248, 112, 206, 12);
  return {
    width: 260,
    height: 480,
    layers: [
      {
        shape: shell,
        color: body,
        pattern: { color: stripes, amount: (x, y) => ((x + 0.7 * y) % 64 > 32 ? 1 : 0) },
        shade: cylinder(130, 112),
        gloss: stripe(84, 10, 0.3),
      },
      { shape: circle(130, 250, 64), color: badge, shade: cylinder(130, 112) },
      { shape: ring(130, 250, 50, 9), color: badgeRing },
      { shape: circle(130, 250, 18), color: badgeRing },
      { shape: box(130, 44, 104, 12, 8), color: rgb('#c9ced6'), shade: cylinder(130, 104) },
      {
        shape: ellipse(130, 34, 102, 13),
        color: rgb('#e8ebf0'),
        shade: vertical(22, 46, 1.05, 0.15),
      },
      { shape: box(130, 456, 104, 10, 8), color: rgb('#aeb4bd'), shade: cylinder(130, 104) },
    ],
  };
}

export function phone(screen: Rgb, header: Rgb, avatars: readonly Rgb[], button: Rgb): Sprite {
  const rows: Layer[] = avatars.map((color, i) => ({ shape: circle(64, 292 + i * 86, 26), color }));
  const tracks = avatars.map((_, i) => box(206, 292 + i * 86, 98, 9, 9));
  return {
    width: 340,
    height: 690,
    layers: [
      { shape: box(170, 345, 164, 338, 50), color: rgb('#15151b'), gloss: stripe(20, 6, 0.15) },
      { shape: box(170, 345, 150, 324, 38), color: screen },
      { shape: box(170, 52, 40, 11, 11), color: rgb('#15151b') },
      { shape: box(170, 158, 132, 74, 24), color: header, shade: vertical(84, 232, 1.1, 0.2) },
      ...rows,
      { shape: union(...tracks), color: rgb('#e3e0ef') },
      { shape: box(170, 600, 130, 32, 32), color: button },
    ],
  };
}

/** Props: shapes that move about the product. */
export function dot(color: Rgb, r: number): Sprite {
  return {
    width: r * 2 + 4,
    height: r * 2 + 4,
    layers: [{ shape: circle(r + 2, r + 2, r), color }],
  };
}

export function hoop(color: Rgb, r: number, width: number): Sprite {
  const size = Math.ceil(r * 2 + width + 4);
  return {
    width: size,
    height: size,
    layers: [{ shape: ring(size / 2, size / 2, r, width), color }],
  };
}

/** A soft shadow to stand a product on. */
export function shadow(width: number, height: number, opacity: number): Sprite {
  const w = width + 60;
  const h = height + 60;
  return {
    width: w,
    height: h,
    layers: [
      {
        shape: box(w / 2, h / 2, w / 2, h / 2),
        color: [0, 0, 0],
        opacity: (x, y) =>
          opacity *
          Math.exp(-(((x - w / 2) / (width / 2)) ** 2 + ((y - h / 2) / (height / 2)) ** 2) * 2),
      },
    ],
  };
}

export function coffeeBean(color: Rgb, seam: Rgb): Sprite {
  return {
    width: 60,
    height: 76,
    layers: [
      {
        shape: ellipse(30, 38, 24, 33),
        color,
        shade: (x, y) => 1.2 - (0.35 * Math.hypot(x - 22, y - 26)) / 40,
      },
      {
        shape: intersect(
          (x, y) => Math.abs(x - 30 - 5 * Math.sin((y - 38) / 7)) - 2.4,
          ellipse(30, 38, 18, 27),
        ),
        color: seam,
      },
    ],
  };
}

export function coin(face: Rgb, rim: Rgb, r: number): Sprite {
  const size = r * 2 + 4;
  const c = size / 2;
  return {
    width: size,
    height: size,
    layers: [
      { shape: circle(c, c, r), color: rim },
      {
        shape: circle(c, c, r * 0.8),
        color: face,
        shade: (x, y) => 1.15 - (0.3 * Math.hypot(x - c * 0.7, y - c * 0.7)) / (r * 2),
      },
      { shape: ring(c, c, r * 0.55, r * 0.1), color: rim },
    ],
  };
}

/** A rising bubble: a thin ring with a highlight. */
export function bubble(color: Rgb, r: number): Sprite {
  const size = r * 2 + 6;
  const c = size / 2;
  return {
    width: size,
    height: size,
    layers: [
      { shape: ring(c, c, r, 3), color },
      { shape: circle(c - r * 0.4, c - r * 0.4, r * 0.22), color: [255, 255, 255] },
    ],
  };
}

/** A speed streak: a thin bar, solid at its head (left), fading to its tail. */
export function streak(color: Rgb, length: number, width: number): Sprite {
  return {
    width: length,
    height: width + 4,
    layers: [
      {
        shape: box(length / 2, width / 2 + 2, length / 2 - 1, width / 2, width / 2),
        color,
        opacity: (x) => Math.max(0, 1 - x / length) * 0.85,
      },
    ],
  };
}
