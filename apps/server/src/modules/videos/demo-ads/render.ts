/**
 * Renders a demo ad (decision 035): its sprites drawn once into PNGs, its backdrop's small frames
 * and its soundtrack synthesised here, then one ffmpeg pass that lays a slow gradient, the moving sprites and the
 * kinetic type over each other and encodes H.264/AAC with +faststart, as processing would leave it.
 *
 * Only filters the 2018 bundled ffmpeg has too (scale, rotate, overlay with time expressions,
 * drawtext); the words need drawtext and a font, and without either the ad is made without them.
 */
import { execFile } from 'node:child_process';
import { access, mkdir, open, rm, writeFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Measure, measureFor } from './font-metrics';
import { encodePng } from './png';
import { paint, type Rgb } from './shapes';
import { type Soundtrack, synthesize, wav } from './soundtrack';
import type { Sprite } from './sprites';

const exec = promisify(execFile);

/** An ffmpeg expression (of t, for overlay and drawtext). */
export type Expr = string;

export const WIDTH = 720;
export const HEIGHT = 1280;
export const FPS = 24;

/** A sprite on the picture: its centre (expressions of t), a turn in radians, when it shows. */
export interface Placement {
  kind: 'sprite';
  sprite: string;
  x: Expr;
  y: Expr;
  rotate?: Expr;
  enable?: Expr;
}

/** A line of type: its top-left corner (expressions of t, tw, th), opacity, when it shows. */
export interface TextLine {
  kind: 'text';
  /**
   * A title (the brand, its line: kept clear of the feed's overlays, SAFE in designs.ts), or words
   * on the product itself (a phone's screen), which move with it.
   */
  role: 'title' | 'product';
  text: string;
  font: 'display' | 'body';
  size: number;
  color: string;
  x: Expr;
  y: Expr;
  alpha: Expr;
  enable?: Expr;
  /** A filled box behind the words (a label). */
  box?: string;
  /** The widest the line may set: a longer one is drawn smaller. */
  maxWidth?: number;
}

/** A line's font size: its own, or smaller when it would set wider than its maxWidth. */
export function fittedSize(line: TextLine, fonts: Fonts): number {
  if (!line.maxWidth) return line.size;
  const ems = fonts.measure[line.font](line.text);
  return ems > 0 ? Math.min(line.size, Math.floor(line.maxWidth / ems)) : line.size;
}

export interface AdDesign {
  seconds: number;
  /**
   * The backdrop's colour at (u, v) (0–1 across and down) at t seconds, drawn small (size) and
   * scaled up: gradients and slow shapes.
   */
  background: { color: (u: number, v: number, t: number) => Rgb; size: readonly [number, number] };
  sprites: Record<string, Sprite>;
  /** Painted in order over the backdrop. */
  layers: (Placement | TextLine)[];
  /** The poster's moment: the brand, the line and the product all on screen. */
  posterAt: number;
  soundtrack: Soundtrack;
}

export interface Fonts {
  display: string;
  body: string;
  /** Lines' widths in ems, in each font. */
  measure: { display: Measure; body: Measure };
}

/** Where the fonts usually are: Debian's fonts-dejavu-core (present with ffmpeg and chromium). */
const FONT_DIRS = [
  '/usr/share/fonts/truetype/dejavu',
  '/usr/share/fonts/TTF',
  '/usr/share/fonts/dejavu',
  '/usr/share/fonts/truetype/liberation',
  '/usr/share/fonts/liberation',
];
const DISPLAY_FONTS = [
  'DejaVuSansCondensed-Bold.ttf',
  'DejaVuSans-Bold.ttf',
  'LiberationSansNarrow-Bold.ttf',
  'LiberationSans-Bold.ttf',
];
const BODY_FONTS = ['DejaVuSans-Bold.ttf', 'DejaVuSans.ttf', 'LiberationSans-Bold.ttf'];

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** A path drawtext can take in quotes: no quote, no backslash, no colon-escaping surprises. */
const usable = (file: string) => !/['\\:]/.test(file);

async function firstFont(names: readonly string[]): Promise<string | null> {
  for (const dir of FONT_DIRS)
    for (const name of names) {
      const file = path.join(dir, name);
      if (usable(file) && (await exists(file))) return file;
    }
  return null;
}

/** What fontconfig picks for a family, when fc-match is installed. */
async function fcMatch(pattern: string): Promise<string | null> {
  try {
    const { stdout } = await exec('fc-match', ['-f', '%{file}', pattern], { timeout: 5_000 });
    const file = stdout.trim();
    return file && usable(file) && /\.(ttf|otf)$/i.test(file) && (await exists(file)) ? file : null;
  } catch {
    return null;
  }
}

/**
 * The fonts for the type, found at run time (the usual folders, then fontconfig); null when there
 * is none, and the ads are made without words.
 */
export async function resolveFonts(): Promise<Fonts | null> {
  const display = (await firstFont(DISPLAY_FONTS)) ?? (await fcMatch('sans-serif:bold:width=75'));
  if (!display) return null;
  const body = (await firstFont(BODY_FONTS)) ?? (await fcMatch('sans-serif:bold')) ?? display;
  return {
    display,
    body,
    measure: { display: await measureFor(display), body: await measureFor(body) },
  };
}

/** ffmpeg at the lowest CPU priority: live requests and uploads' processing go first. */
export function runLowPriority(file: string, args: string[], timeout: number) {
  const pending = exec(file, args, { timeout, maxBuffer: 4 * 1024 * 1024 });
  const pid = pending.child.pid;
  if (pid !== undefined) {
    try {
      setPriority(pid, 19);
    } catch {
      // Not allowed here: it simply runs at normal priority.
    }
  }
  return pending;
}

/** Draws every sprite of the ad into `dir`/<name>.png. */
async function drawSprites(sprites: Record<string, Sprite>, dir: string) {
  for (const [name, sprite] of Object.entries(sprites)) {
    const scale = sprite.scale ?? 1;
    // Even sizes: the sprites are overlaid as 4:2:0 pictures.
    const width = Math.ceil((sprite.width * scale) / 2) * 2;
    const height = Math.ceil((sprite.height * scale) / 2) * 2;
    const pixels = await paint(width, height, sprite.layers, scale);
    await writeFile(path.join(dir, `${name}.png`), encodePng(width, height, pixels));
  }
}

/** The backdrop's frames, small, as raw RGB (ffmpeg scales them up: smooth gradients). */
async function drawBackdrop(design: AdDesign, file: string) {
  const [width, height] = design.background.size;
  const frames = Math.round(design.seconds * FPS);
  const frameBytes = width * height * 3;
  const handle = await open(file, 'w');
  try {
    const frame = Buffer.alloc(frameBytes);
    for (let n = 0; n < frames; n += 1) {
      const t = n / FPS;
      let i = 0;
      for (let y = 0; y < height; y += 1)
        for (let x = 0; x < width; x += 1) {
          const [r, g, b] = design.background.color((x + 0.5) / width, (y + 0.5) / height, t);
          frame[i] = r < 0 ? 0 : r > 255 ? 255 : r;
          frame[i + 1] = g < 0 ? 0 : g > 255 ? 255 : g;
          frame[i + 2] = b < 0 ? 0 : b > 255 ? 255 : b;
          i += 3;
        }
      await handle.write(frame);
    }
  } finally {
    await handle.close();
  }
}

const quoted = (value: string) => `'${value}'`;

function drawtext(line: TextLine, file: string, fonts: Fonts): string {
  const options = [
    `fontfile=${quoted(line.font === 'display' ? fonts.display : fonts.body)}`,
    `textfile=${quoted(file)}`,
    'expansion=none',
    `fontsize=${fittedSize(line, fonts)}`,
    `fontcolor=0x${line.color.replace('#', '')}`,
    `x=${quoted(line.x)}`,
    `y=${quoted(line.y)}`,
    `alpha=${quoted(line.alpha)}`,
  ];
  if (line.box) options.push('box=1', `boxcolor=0x${line.box.replace('#', '')}`, 'boxborderw=14');
  else options.push('shadowcolor=black@0.28', 'shadowx=0', 'shadowy=3');
  if (line.enable) options.push(`enable=${quoted(line.enable)}`);
  return `drawtext=${options.join(':')}`;
}

/** The single pass's filter graph, inputs and outputs (exported for tests). */
export function mainPass(
  design: AdDesign,
  files: {
    sprite(name: string): string;
    text(index: number): string;
    backdrop: string;
    audio: string;
  },
  fonts: Fonts | null,
): string[] {
  const used = [
    ...new Set(
      design.layers.filter((l): l is Placement => l.kind === 'sprite').map((l) => l.sprite),
    ),
  ];
  // Each sprite is read once and repeated (re-reading a looped PNG costs a decode a frame).
  const inputs = used.flatMap((name) => ['-i', files.sprite(name)]);
  const frames = Math.round(design.seconds * FPS);
  const backdropIndex = used.length;
  const audioIndex = used.length + 1;
  const [bw, bh] = design.background.size;
  const graph: string[] = [
    `[${backdropIndex}:v]scale=${WIDTH}:${HEIGHT}:flags=bicubic,format=yuv420p[v0]`,
  ];
  // Each sprite input feeds as many placements as use it.
  const uses = new Map<string, number>();
  for (const layer of design.layers)
    if (layer.kind === 'sprite') uses.set(layer.sprite, (uses.get(layer.sprite) ?? 0) + 1);
  const pads = new Map<string, string[]>();
  used.forEach((name, i) => {
    const count = uses.get(name) ?? 1;
    const labels = Array.from({ length: count }, (_, k) => `p${i}_${k}`);
    pads.set(name, labels);
    const still = `[${i}:v]format=yuva420p,loop=loop=${frames - 1}:size=1:start=0,setpts=N/${FPS}/TB`;
    graph.push(
      count === 1
        ? `${still}[${labels[0]}]`
        : `${still},split=${count}${labels.map((l) => `[${l}]`).join('')}`,
    );
  });

  let current = 'v0';
  let step = 0;
  let texts: string[] = [];
  const flushTexts = () => {
    if (texts.length === 0) return;
    step += 1;
    graph.push(`[${current}]${texts.join(',')}[v${step}]`);
    current = `v${step}`;
    texts = [];
  };
  design.layers.forEach((layer, index) => {
    if (layer.kind === 'text') {
      if (fonts) texts.push(drawtext(layer, files.text(index), fonts));
      return;
    }
    flushTexts();
    const label = pads.get(layer.sprite)?.shift();
    if (!label) return;
    let source = label;
    if (layer.rotate) {
      graph.push(
        `[${label}]rotate=a=${quoted(layer.rotate)}:ow='hypot(iw,ih)':oh='ow':c=black@0[${label}r]`,
      );
      source = `${label}r`;
    }
    step += 1;
    const enable = layer.enable ? `:enable=${quoted(layer.enable)}` : '';
    graph.push(
      `[${current}][${source}]overlay=x=${quoted(`${layer.x}-w/2`)}:y=${quoted(`${layer.y}-h/2`)}${enable}[v${step}]`,
    );
    current = `v${step}`;
  });
  flushTexts();
  step += 1;
  graph.push(`[${current}]format=yuv420p[vout]`);

  return [
    ...inputs,
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    '-s',
    `${bw}x${bh}`,
    '-r',
    String(FPS),
    '-i',
    files.backdrop,
    '-i',
    files.audio,
    '-filter_complex',
    graph.join(';'),
    '-map',
    '[vout]',
    '-map',
    `${audioIndex}:a`,
    '-t',
    String(design.seconds),
  ];
}

/** Encoding as processing leaves a rendition: H.264 High, AAC, +faststart. */
const ENCODE = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '23',
  '-maxrate',
  '2500k',
  '-bufsize',
  '5000k',
  '-pix_fmt',
  'yuv420p',
  '-r',
  String(FPS),
  '-c:a',
  'aac',
  '-b:a',
  '128k',
  '-ar',
  '44100',
  '-movflags',
  '+faststart',
];

/**
 * Makes the ad at `output` (an .mp4), working in `dir`. With words when `fonts` is given and this
 * ffmpeg draws them; if that pass fails, once more without them. Returns whether it has words.
 */
export async function renderAd(
  ffmpeg: string,
  design: AdDesign,
  dir: string,
  name: string,
  output: string,
  fonts: Fonts | null,
): Promise<{ words: boolean }> {
  const spriteDir = path.join(dir, `${name}-sprites`);
  await mkdir(spriteDir, { recursive: true });
  await drawSprites(design.sprites, spriteDir);
  const backdrop = path.join(dir, `${name}.rgb`);
  await drawBackdrop(design, backdrop);
  const audio = path.join(dir, `${name}.wav`);
  await writeFile(audio, wav(await synthesize(design.soundtrack, design.seconds)));
  const text = (index: number) => path.join(dir, `${name}-text-${index}.txt`);
  await Promise.all(
    design.layers.map((layer, index) =>
      layer.kind === 'text' ? writeFile(text(index), layer.text) : null,
    ),
  );
  const files = { sprite: (s: string) => path.join(spriteDir, `${s}.png`), text, backdrop, audio };
  const encode = (withFonts: Fonts | null) =>
    runLowPriority(
      ffmpeg,
      ['-v', 'error', '-y', ...mainPass(design, files, withFonts), ...ENCODE, output],
      5 * 60_000,
    );
  try {
    if (fonts) {
      try {
        await encode(fonts);
        return { words: true };
      } catch {
        // An ffmpeg without drawtext (or a font it cannot read): the ad without its words.
      }
    }
    await encode(null);
    return { words: false };
  } finally {
    // The backdrop's frames run to tens of megabytes: gone before the next ad is made.
    await Promise.all(
      [backdrop, audio, spriteDir, ...design.layers.map((_, index) => text(index))].map((file) =>
        rm(file, { recursive: true, force: true }),
      ),
    );
  }
}
