/**
 * The six demo ads (decision 035), one per demo brand: palette, backdrop, product, props, kinetic
 * type and soundtrack. Picture coordinates are 720 × 1280.
 *
 * Where words may go: the feed crops a 9:16 clip at its sides on a phone (about 64 px each side at
 * 390 × 844), lays its buttons down the right (x ≳ 565 here) and the creator, caption and call to
 * action over the lower third (y ≳ 850). So every line starts at x = 112, ends before x = 565, and
 * sits between y = 120 and y = 560; the product takes the middle.
 */
import type { AdDesign, Expr, Placement, TextLine } from './render';
import { type Rgb, rgb } from './shapes';
import {
  bottle,
  bubble,
  can,
  coffeeBean,
  coffeeCup,
  coin,
  dot,
  headphones,
  hoop,
  phone,
  shadow,
  sneaker,
  streak,
} from './sprites';

export const SAFE = { left: 112, right: 565, top: 120, bottom: 560 } as const;

/** 0 → 1 with an ease-out over d seconds from t0 (drawtext's and overlay's t). */
const ease = (t0: number, d: number): Expr => `(1-pow(1-clip((t-${t0})/${d},0,1),3))`;
/** In over 0.35 s from `from`, out over 0.3 s before `to`. */
const fade = (from: number, to: number): Expr =>
  `clip((t-${from})/0.35,0,1)*clip((${to}-t)/0.3,0,1)`;
const between = (from: number, to: number): Expr => `between(t,${from},${to})`;

type Entrance = 'slide' | 'rise' | 'drop';

interface Words {
  text: string;
  size: number;
  color: string;
}

/** A line of type at (SAFE.left, y), entering at `from` and leaving at `to`. */
function line(
  words: Words,
  y: number,
  from: number,
  to: number,
  entrance: Entrance,
  font: 'display' | 'body',
  box?: string,
): TextLine {
  const move = ease(from, 0.55);
  const x = entrance === 'slide' ? `${SAFE.left}-220*(1-${move})` : String(SAFE.left);
  const yy =
    entrance === 'rise'
      ? `${y}+46*(1-${move})`
      : entrance === 'drop'
        ? `${y}-46*(1-${move})`
        : String(y);
  return {
    kind: 'text',
    role: 'title',
    text: words.text,
    font,
    size: words.size,
    color: words.color,
    x,
    y: yy,
    alpha: fade(from, to),
    enable: between(from, to),
    // A label's box reaches 14 px past its words on either side.
    maxWidth: SAFE.right - SAFE.left - (box ? 28 : 0),
    ...(box ? { box } : {}),
  };
}

interface TitleBlock {
  seconds: number;
  entrance: Entrance;
  /** The brand on a label above the headline. */
  label: { text: string; color: string; box: string };
  headline: Words[];
  /** The first line(s) under the headline, then the second, then the closing label. */
  tagline: Words[];
  second: Words[];
  closing: { text: string; color: string; box: string };
}

/** The ad's words, from the top of the safe area down, with their timing. */
function titleBlock(block: TitleBlock): TextLine[] {
  const { seconds: s, entrance } = block;
  const lines: TextLine[] = [];
  const labelSize = 26;
  lines.push(
    line(
      { text: block.label.text, size: labelSize, color: block.label.color },
      SAFE.top + 14,
      0.1,
      s,
      'slide',
      'body',
      block.label.box,
    ),
  );
  let y = SAFE.top + 14 + labelSize + 40;
  block.headline.forEach((words, i) => {
    lines.push(line(words, y, 0.3 + i * 0.18, s, entrance, 'display'));
    y += Math.round(words.size * 1.0);
  });
  y += 18;
  const under = (group: Words[], from: number, to: number) => {
    let yy = y;
    for (const [i, words] of group.entries()) {
      lines.push(line(words, yy, from + i * 0.12, to, 'rise', 'body'));
      yy += Math.round(words.size * 1.3);
    }
  };
  const swap = Math.round(s * 0.5 * 10) / 10;
  under(block.tagline, 1.5, swap);
  under(block.second, swap + 0.15, s - 2.4);
  lines.push(
    line(
      { text: block.closing.text, size: 30, color: block.closing.color },
      y + 8,
      s - 2.2,
      s + 1,
      'rise',
      'body',
      block.closing.box,
    ),
  );
  return lines;
}

type Field3 = (u: number, v: number, t: number) => number;

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** The backdrop: a field (0–1) across two or three colours, then tints on top. */
function backdrop(
  stops: readonly Rgb[],
  field: Field3,
  tints: readonly { color: Rgb; amount: Field3 }[] = [],
  size: readonly [number, number] = [90, 160],
): AdDesign['background'] {
  const [a, b, c] = stops as [Rgb, Rgb, Rgb | undefined];
  const mix = (x: Rgb, y: Rgb, f: number): [number, number, number] => [
    x[0] + (y[0] - x[0]) * f,
    x[1] + (y[1] - x[1]) * f,
    x[2] + (y[2] - x[2]) * f,
  ];
  return {
    size,
    color: (u, v, t) => {
      const f = clamp01(field(u, v, t));
      let color = !c ? mix(a, b, f) : f < 0.5 ? mix(a, b, f * 2) : mix(b, c, f * 2 - 1);
      for (const tint of tints) color = mix(color, tint.color, clamp01(tint.amount(u, v, t)));
      return color;
    },
  };
}

/** A soft round glow at (u0, v0), radius r across the picture's width, at most `strength`. */
const glowAt =
  (u0: number, v0: number, r: number, strength: number): Field3 =>
  (u, v) =>
    strength * Math.exp(-((Math.hypot(u - u0, (v - v0) * 1.78) / r) ** 2));

const sprite = (
  name: string,
  x: Expr,
  y: Expr,
  extra: Partial<Pick<Placement, 'rotate' | 'enable'>> = {},
): Placement => ({
  kind: 'sprite',
  sprite: name,
  x,
  y,
  ...extra,
});

const { sin, cos, exp, hypot } = Math;

export const AERO_RUNNER: AdDesign = (() => {
  const seconds = 10;
  const orange = rgb('#ff5a1f');
  const magenta = rgb('#d31d6a');
  const layers: AdDesign['layers'] = [
    ...[0, 1, 2, 3, 4, 5].map((k) =>
      sprite(
        'streak',
        `mod(900-t*${700 + k * 90}+${k * 330},1300)-150`,
        String(560 + ((k * 97) % 330)),
      ),
    ),
    sprite('shadow', `370-700*(1-${ease(0.8, 0.8)})`, `852+6*sin(t*3.2)`),
    sprite('shoe', `370-700*(1-${ease(0.8, 0.8)})`, `705-8*sin(t*3.2)`, {
      rotate: `-0.22*(1-${ease(0.8, 1.1)})+0.035*sin(t*3.2)`,
    }),
    ...titleBlock({
      seconds,
      entrance: 'slide',
      label: { text: 'STRIDE ATHLETICS', color: '#ffffff', box: '#17171c' },
      headline: [
        { text: 'AERO', size: 150, color: '#ffffff' },
        { text: 'RUNNER', size: 118, color: '#ffe14d' },
      ],
      tagline: [{ text: 'Light enough to forget.', size: 34, color: '#ffffff' }],
      second: [{ text: '212 g of pure bounce.', size: 34, color: '#ffffff' }],
      closing: { text: 'NEW  ·  SHOP NOW', color: '#17171c', box: '#ffffff' },
    }),
  ];
  return {
    seconds,
    background: backdrop(
      [orange, magenta],
      (u, v, t) => 0.55 * u + 0.75 * v - 0.15 + 0.06 * sin(t * 1.3),
      [
        // A band of light sweeping across.
        {
          color: rgb('#ffb36b'),
          amount: (u, v, t) => 0.45 * exp(-(((u - 0.6 * v - ((t * 0.32) % 2) + 0.6) * 5) ** 2)),
        },
        { color: rgb('#7a0c3e'), amount: (_u, v) => 0.5 * clamp01((v - 0.72) * 3) },
        // A warm glow behind the shoe.
        { color: rgb('#ffd9a0'), amount: glowAt(0.52, 0.54, 0.22, 0.5) },
      ],
    ),
    sprites: {
      streak: streak(rgb('#ffffff'), 260, 6),
      shadow: shadow(440, 44, 0.42),
      shoe: {
        ...sneaker(rgb('#f4f4f6'), rgb('#ff3d2e'), rgb('#ffffff'), rgb('#2b2b33')),
        scale: 0.92,
      },
    },
    layers,
    posterAt: 3.2,
    soundtrack: {
      bpm: 124,
      rootNote: 57,
      progression: [
        { root: 0, quality: 'min7' },
        { root: 5, quality: 'min7' },
        { root: 3, quality: 'maj7' },
        { root: 10, quality: 'maj' },
      ],
      chords: 'pluck',
      drums: 'four',
      introBars: 1,
      brightness: 3_200,
      seed: 'aero-runner',
    },
  };
})();

export const MORNING_RITUAL: AdDesign = (() => {
  const seconds = 11;
  const cream = rgb('#f6ead8');
  const caramel = rgb('#e9b47a');
  const layers: AdDesign['layers'] = [
    // Beans falling down the sides, clear of the words.
    ...[0, 1, 2, 3, 4].map((k) =>
      sprite(
        'bean',
        String([610, 50, 675, 640, 40][k]),
        `mod(t*${60 + k * 14}+${k * 260},1400)-80`,
        { rotate: `t*${k % 2 === 0 ? 0.9 : -0.7}+${k}` },
      ),
    ),
    sprite('shadow', '380', `918`, { enable: 'gte(t,0.9)' }),
    sprite('cup', '380', `720+520*(1-${ease(0.7, 0.9)})`, {
      rotate: `0.12*(1-${ease(0.7, 1.4)})*sin(t*9)`,
    }),
    ...titleBlock({
      seconds,
      entrance: 'rise',
      label: { text: 'SMALL-BATCH ROASTERS', color: '#fff6ea', box: '#c2571a' },
      headline: [
        { text: 'EMBER', size: 142, color: '#3b2314' },
        { text: '& BEAN', size: 112, color: '#c2571a' },
      ],
      tagline: [{ text: 'Your 7 a.m., upgraded.', size: 34, color: '#3b2314' }],
      second: [{ text: 'Roasted this week.', size: 34, color: '#3b2314' }],
      closing: { text: 'TRY A BAG ON US', color: '#fff6ea', box: '#3b2314' },
    }),
  ];
  return {
    seconds,
    background: backdrop(
      [cream, caramel],
      (u, v) => 0.2 + 0.9 * hypot(u - 0.55, (v - 0.58) * 0.8),
      [
        // Steam rising over the cup.
        {
          color: rgb('#fffaf2'),
          amount: (u, v, t) =>
            0.75 *
            exp(-(((u - 0.53 - 0.035 * sin(v * 22 - t * 2.6)) / 0.03) ** 2)) *
            clamp01((v - 0.3) * 9) *
            clamp01((0.44 - v) * 12) *
            clamp01(t - 1.4),
        },
        {
          color: rgb('#fffaf2'),
          amount: (u, v, t) =>
            0.55 *
            exp(-(((u - 0.47 - 0.03 * sin(v * 19 - t * 2.1 + 1.7)) / 0.025) ** 2)) *
            clamp01((v - 0.32) * 9) *
            clamp01((0.43 - v) * 12) *
            clamp01(t - 1.8),
        },
        { color: rgb('#fff7ea'), amount: glowAt(0.53, 0.56, 0.2, 0.6) },
      ],
      [120, 214],
    ),
    sprites: {
      bean: { ...coffeeBean(rgb('#5a3420'), rgb('#2c170c')), scale: 0.8 },
      shadow: shadow(300, 40, 0.3),
      cup: {
        ...coffeeCup(rgb('#fbf6ee'), rgb('#c2571a'), rgb('#3b2314'), rgb('#5a3420')),
        scale: 0.95,
      },
    },
    layers,
    posterAt: 3.4,
    soundtrack: {
      bpm: 92,
      rootNote: 60,
      progression: [
        { root: 0, quality: 'maj7' },
        { root: 9, quality: 'min7' },
        { root: 5, quality: 'maj7' },
        { root: 7, quality: 'sus2' },
      ],
      chords: 'pad',
      drums: 'shuffle',
      introBars: 1,
      brightness: 1_800,
      seed: 'ember-and-bean',
    },
  };
})();

export const DEEP_FOCUS: AdDesign = (() => {
  const seconds = 9;
  const navy = rgb('#0a0f2a');
  const violet = rgb('#3b2784');
  const layers: AdDesign['layers'] = [
    ...[0, 1, 2, 3, 4, 5].map((k) =>
      sprite(
        k % 2 === 0 ? 'dot' : 'spark',
        `360+${250 + (k % 3) * 30}*cos(t*${0.5 + k * 0.07}+${k * 1.05})`,
        `700+${120 + (k % 2) * 50}*sin(t*${0.5 + k * 0.07}+${k * 1.05})`,
      ),
    ),
    sprite('phones', '360', `720+700*(1-${ease(0.6, 1.0)})`, {
      rotate: `0.05*sin(t*1.4)`,
    }),
    ...titleBlock({
      seconds,
      entrance: 'drop',
      label: { text: 'HUSH AUDIO', color: '#0a0f2a', box: '#5ce1e6' },
      headline: [
        { text: 'DEEP', size: 140, color: '#ffffff' },
        { text: 'FOCUS', size: 140, color: '#5ce1e6' },
      ],
      tagline: [{ text: 'Noise off. Focus on.', size: 34, color: '#e8e6ff' }],
      second: [{ text: '40 hours of quiet.', size: 34, color: '#e8e6ff' }],
      closing: { text: 'HUSH ONE  ·  OUT NOW', color: '#0a0f2a', box: '#ffffff' },
    }),
  ];
  return {
    seconds,
    background: backdrop(
      [navy, violet],
      (u, v, t) => 0.9 * v + 0.075 * sin(t * 0.7 + u * 2),
      [
        // Sound rings spreading from the headphones.
        {
          color: rgb('#6d5cff'),
          amount: (u, v, t) => {
            const r = hypot(u - 0.5, (v - 0.55) * 1.78);
            return 0.45 * (0.5 + 0.5 * sin(r * 38 - t * 5)) ** 3 * exp(-r * 2.6) * clamp01(t - 0.8);
          },
        },
        { color: rgb('#05071a'), amount: (_u, v) => 0.6 * clamp01((v - 0.7) * 2.5) },
      ],
      [144, 256],
    ),
    sprites: {
      dot: dot(rgb('#5ce1e6'), 9),
      spark: dot(rgb('#b8a9ff'), 6),
      phones: { ...headphones(rgb('#f3f1fa'), rgb('#26263a'), rgb('#5ce1e6')), scale: 0.95 },
    },
    layers,
    posterAt: 3.1,
    soundtrack: {
      bpm: 80,
      rootNote: 50,
      progression: [
        { root: 0, quality: 'min7' },
        { root: 8, quality: 'maj7' },
        { root: 3, quality: 'maj7' },
        { root: 10, quality: 'sus2' },
      ],
      chords: 'arp',
      drums: 'half',
      introBars: 1,
      brightness: 2_400,
      seed: 'hush-deep-focus',
    },
  };
})();

export const WEEKEND_DROP: AdDesign = (() => {
  const seconds = 12;
  const sky = rgb('#bfeef2');
  const sea = rgb('#0b6f8a');
  const deep = rgb('#063a55');
  const waterline = (u: number, t: number) =>
    0.66 + 0.012 * sin(u * 9 + t * 2.2) + 0.008 * sin(u * 17 - t * 3.1);
  const layers: AdDesign['layers'] = [
    ...[0, 1, 2, 3, 4, 5, 6].map((k) =>
      sprite(
        'bubble',
        `${140 + ((k * 83) % 440)}+10*sin(t*3+${k})`,
        `1300-mod(t*${70 + k * 12}+${k * 90},460)`,
      ),
    ),
    sprite('bottle', `370`, `810+640*(1-${ease(0.8, 1.0)})+12*sin(t*2.1)`, {
      rotate: `0.07*sin(t*1.7)`,
    }),
    ...titleBlock({
      seconds,
      entrance: 'rise',
      label: { text: 'TIDEWATER BOTTLES', color: '#ffffff', box: '#063a55' },
      headline: [
        { text: 'WEEKEND', size: 104, color: '#063a55' },
        { text: 'DROP', size: 150, color: '#ff6a4d' },
      ],
      tagline: [{ text: 'New colour: Coral Reef.', size: 34, color: '#063a55' }],
      second: [{ text: 'Refill, not landfill.', size: 34, color: '#063a55' }],
      closing: { text: 'ONE BOTTLE. EVERY TRIP.', color: '#ffffff', box: '#ff6a4d' },
    }),
  ];
  return {
    seconds,
    background: backdrop(
      [sky, sea, deep],
      (u, v, t) => (v < waterline(u, t) ? (0.42 * v) / 0.66 : 0.55 + (v - 0.66) * 1.4),
      [
        // Foam along the surface, and light shafts under it.
        {
          color: rgb('#ffffff'),
          amount: (u, v, t) => 0.7 * exp(-(((v - waterline(u, t)) * 90) ** 2)),
        },
        {
          color: rgb('#5fd3e0'),
          amount: (u, v, t) =>
            v > waterline(u, t)
              ? 0.25 * exp(-(((u - 0.5 - 0.2 * sin(t * 0.8 + v * 8)) * 4) ** 2))
              : 0,
        },
        // The sun, low over the water.
        {
          color: rgb('#fff6c9'),
          amount: (u, v, t) => (v < waterline(u, t) ? glowAt(0.78, 0.5, 0.16, 0.9)(u, v, t) : 0),
        },
      ],
      [144, 256],
    ),
    sprites: {
      bubble: bubble(rgb('#dff8fb'), 12),
      bottle: { ...bottle(rgb('#ff6a4d'), rgb('#21343d'), rgb('#ffffff')), scale: 0.72 },
    },
    layers,
    posterAt: 3.4,
    soundtrack: {
      bpm: 108,
      rootNote: 62,
      progression: [
        { root: 0, quality: 'maj' },
        { root: 7, quality: 'maj' },
        { root: 9, quality: 'min' },
        { root: 5, quality: 'maj' },
      ],
      chords: 'pluck',
      drums: 'shuffle',
      introBars: 1,
      brightness: 4_000,
      seed: 'tidewater-weekend',
    },
  };
})();

export const PATTERN_PLAY: AdDesign = (() => {
  const seconds = 10;
  const yellow = rgb('#ffd23f');
  const pink = rgb('#ff4fa3');
  const burst = (k: number, axis: 'x' | 'y') => {
    // Out and down from the can: never up into the words.
    const angle = ((-25 + (k * 230) / 7) * Math.PI) / 180;
    const reach = 230 + (k % 3) * 40;
    const d = (axis === 'x' ? Math.cos(angle) : Math.sin(angle)) * reach;
    const base = axis === 'x' ? 360 : 780;
    return `${base}+${d.toFixed(1)}*(1-exp(-clip(t-1.3,0,9)*2.4))+${axis === 'y' ? `14*sin(t*2+${k})` : '0'}`;
  };
  const layers: AdDesign['layers'] = [
    ...[0, 1, 2, 3, 4, 5, 6, 7].map((k) =>
      sprite(
        ['confettiA', 'confettiB', 'confettiC'][k % 3] as string,
        burst(k, 'x'),
        burst(k, 'y'),
        {
          enable: 'gte(t,1.3)',
        },
      ),
    ),
    sprite('shadow', '360', '1012', { enable: 'gte(t,1.0)' }),
    sprite('can', `360+520*(1-${ease(0.5, 0.8)})`, `780+14*sin(t*2.2)*clip(t-1.3,0,1)`, {
      rotate: `1.2*(1-${ease(0.5, 1.0)})+0.06*sin(t*2.2)`,
    }),
    ...titleBlock({
      seconds,
      entrance: 'slide',
      label: { text: 'PRISMA SPARKLING', color: '#14121f', box: '#ffffff' },
      headline: [
        { text: 'PATTERN', size: 104, color: '#14121f' },
        { text: 'PLAY', size: 150, color: '#ffffff' },
      ],
      tagline: [{ text: 'Limited-edition cans.', size: 34, color: '#14121f' }],
      second: [{ text: 'Zero sugar. All fizz.', size: 34, color: '#14121f' }],
      closing: { text: 'COLLECT ALL SIX', color: '#ffffff', box: '#14121f' },
    }),
  ];
  return {
    seconds,
    background: backdrop(
      [yellow, rgb('#ffb627')],
      (_u, v) => v * 0.8,
      [
        // Bold diagonal stripes sliding across.
        {
          color: pink,
          amount: (u, v, t) =>
            (0.35 + 0.5 * clamp01((v - 0.38) * 5)) *
            clamp01((sin((u * 0.5625 + v) * 26 - t * 2.2) - 0.5) * 8),
        },
        { color: rgb('#7b2ff7'), amount: (_u, v) => 0.35 * clamp01((v - 0.7) * 3) },
      ],
      [180, 320],
    ),
    sprites: {
      confettiA: dot(rgb('#2b59ff'), 14),
      confettiB: dot(rgb('#ffffff'), 10),
      confettiC: hoop(rgb('#14121f'), 14, 6),
      shadow: shadow(230, 36, 0.35),
      can: { ...can(rgb('#2b59ff'), rgb('#ff4fa3'), rgb('#ffffff'), rgb('#14121f')), scale: 0.95 },
    },
    layers,
    posterAt: 3.2,
    soundtrack: {
      bpm: 118,
      rootNote: 55,
      progression: [
        { root: 0, quality: 'maj' },
        { root: 0, quality: 'sus2' },
        { root: 5, quality: 'maj' },
        { root: 7, quality: 'maj' },
      ],
      chords: 'arp',
      drums: 'four',
      introBars: 1,
      brightness: 5_000,
      seed: 'prisma-pattern',
    },
  };
})();

export const SPLIT_THE_BILL: AdDesign = (() => {
  const seconds = 11;
  const deep = rgb('#2a1480');
  const violet = rgb('#6c4cf5');
  const lime = '#c6f432';
  // The phone settles at (360, PHONE_Y), drawn at 0.8: its screen's parts, in picture coordinates.
  const PHONE_Y = 850;
  const px = (sx: number) => Math.round(360 + (sx - 170) * 0.8);
  const py = (sy: number) => Math.round(PHONE_Y + (sy - 345) * 0.8);
  const settled = 1.7;
  const ui = (
    text: string,
    size: number,
    color: string,
    x: number | Expr,
    y: number,
    from: number,
  ): TextLine => ({
    kind: 'text',
    role: 'product',
    text,
    font: 'body',
    size,
    color,
    x: String(x),
    y: `${y}+14*(1-${ease(from, 0.4)})`,
    alpha: `clip((t-${from})/0.25,0,1)`,
    enable: `gte(t,${from})`,
  });
  const layers: AdDesign['layers'] = [
    // Coins falling down the sides, clear of the words.
    ...[0, 1, 2, 3, 4].map((k) =>
      sprite(
        'coin',
        String([630, 70, 680, 600, 110][k]),
        `mod(t*${130 + k * 25}+${k * 280},1500)-100`,
        { rotate: `t*${k % 2 === 0 ? 1.3 : -1.1}` },
      ),
    ),
    sprite('phone', '360', `${PHONE_Y}+700*(1-${ease(0.7, 1.0)})`),
    ui('Dinner for 4', 22, '#e8e2ff', px(56), py(104), settled),
    ui('$84.00', 46, '#ffffff', px(56), py(138), settled + 0.1),
    ...['You', 'Ana', 'Sam'].map((name, i) =>
      ui(name, 20, '#2a1480', px(112), py(250 + i * 86), settled + 0.4 + i * 0.35),
    ),
    ...[0, 1, 2].map((i) =>
      ui('$21.00', 20, '#2a1480', `${px(300)}-tw`, py(250 + i * 86), settled + 0.55 + i * 0.35),
    ),
    ...titleBlock({
      seconds,
      entrance: 'drop',
      label: { text: 'POCKETLY', color: '#2a1480', box: lime },
      headline: [
        { text: 'SPLIT', size: 150, color: '#ffffff' },
        { text: 'THE BILL', size: 110, color: lime },
      ],
      tagline: [{ text: 'Who owes what? Settled.', size: 34, color: '#ffffff' }],
      second: [{ text: 'One tap. No awkward maths.', size: 30, color: '#ffffff' }],
      closing: { text: 'GET POCKETLY FREE', color: '#2a1480', box: lime },
    }),
  ];
  return {
    seconds,
    background: backdrop([violet, deep], (u, v) => 0.3 * u + 0.9 * v - 0.1, [
      {
        color: rgb('#9c7bff'),
        amount: (u, v, t) =>
          0.55 *
          exp(-((hypot(u - 0.75 - 0.1 * sin(t * 0.7), v - 0.25 - 0.05 * cos(t * 0.9)) * 3.2) ** 2)),
      },
      {
        color: rgb('#c6f432'),
        amount: (u, v, t) =>
          glowAt(0.25 + 0.08 * sin(t * 0.6), 0.77 + 0.03 * cos(t * 0.5), 0.17, 0.35)(u, v, t),
      },
    ]),
    sprites: {
      coin: coin(rgb('#ffd54a'), rgb('#e0a800'), 26),
      phone: {
        ...phone(
          rgb('#f6f4ff'),
          rgb('#6c4cf5'),
          [rgb('#ff8a5b'), rgb('#3ccf91'), rgb('#4aa8ff')],
          rgb('#c6f432'),
        ),
        scale: 0.8,
      },
    },
    layers,
    posterAt: 4.2,
    soundtrack: {
      bpm: 100,
      rootNote: 58,
      progression: [
        { root: 0, quality: 'maj7' },
        { root: 2, quality: 'min7' },
        { root: 4, quality: 'min7' },
        { root: 5, quality: 'maj7' },
      ],
      chords: 'pluck',
      drums: 'half',
      introBars: 1,
      brightness: 3_000,
      seed: 'pocketly-split',
    },
  };
})();
