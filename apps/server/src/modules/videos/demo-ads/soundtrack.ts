/**
 * A demo ad's soundtrack (decision 035): a short loop of drums, bass and chords synthesised here, in
 * plain arithmetic, and written as a 16-bit stereo WAV for ffmpeg to encode. Seeded, so every first
 * start makes the same bytes; a few milliseconds of CPU for a 15 s clip.
 */

import { breather } from './shapes';

export const SAMPLE_RATE = 44_100;

export type ChordQuality = 'maj' | 'min' | 'maj7' | 'min7' | 'sus2';

export interface Chord {
  /** Semitones above the track's root. */
  root: number;
  quality: ChordQuality;
}

export interface Soundtrack {
  bpm: number;
  /** MIDI note of the key's root (57 = A3). */
  rootNote: number;
  /** One chord a bar, looped. */
  progression: readonly Chord[];
  /** How the chords are played: sustained pads, plucked eighths, or a rolling arpeggio. */
  chords: 'pad' | 'pluck' | 'arp';
  /** Drum pattern: four on the floor, a half-time groove, or a light shuffle. */
  drums: 'four' | 'half' | 'shuffle';
  /** Bars of the intro without kick (a filter opening up), before the beat drops. */
  introBars: number;
  /** Brightness of the chords (lowpass cutoff in Hz once the beat is in). */
  brightness: number;
  seed: string;
}

const INTERVALS: Record<ChordQuality, number[]> = {
  maj: [0, 4, 7, 12],
  min: [0, 3, 7, 12],
  maj7: [0, 4, 7, 11],
  min7: [0, 3, 7, 10],
  sus2: [0, 2, 7, 12],
};

const hz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** mulberry32 seeded from a string: the same noise on every run. */
function seeded(text: string): () => number {
  let seed = 0;
  for (const char of text) seed = (Math.imul(seed, 31) + char.charCodeAt(0)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A biquad filter (RBJ cookbook), for the drums' noise and the chords' tone. */
class Biquad {
  private b0 = 1;
  private b1 = 0;
  private b2 = 0;
  private a1 = 0;
  private a2 = 0;
  private x1 = 0;
  private x2 = 0;
  private y1 = 0;
  private y2 = 0;

  constructor(
    private readonly type: 'lowpass' | 'highpass' | 'bandpass',
    cutoff: number,
    private readonly q = Math.SQRT1_2,
  ) {
    this.set(cutoff);
  }

  set(cutoff: number): void {
    const w = (2 * Math.PI * Math.min(cutoff, SAMPLE_RATE * 0.45)) / SAMPLE_RATE;
    const cos = Math.cos(w);
    const alpha = Math.sin(w) / (2 * this.q);
    const a0 = 1 + alpha;
    let b0: number;
    let b1: number;
    let b2: number;
    if (this.type === 'lowpass') {
      b0 = (1 - cos) / 2;
      b1 = 1 - cos;
      b2 = (1 - cos) / 2;
    } else if (this.type === 'highpass') {
      b0 = (1 + cos) / 2;
      b1 = -(1 + cos);
      b2 = (1 + cos) / 2;
    } else {
      b0 = alpha;
      b1 = 0;
      b2 = -alpha;
    }
    this.b0 = b0 / a0;
    this.b1 = b1 / a0;
    this.b2 = b2 / a0;
    this.a1 = (-2 * cos) / a0;
    this.a2 = (1 - alpha) / a0;
  }

  step(x: number): number {
    const y =
      this.b0 * x + this.b1 * this.x1 + this.b2 * this.x2 - this.a1 * this.y1 - this.a2 * this.y2;
    this.x2 = this.x1;
    this.x1 = x;
    this.y2 = this.y1;
    this.y1 = y;
    return y;
  }
}

/** A small Schroeder reverb: four combs into two allpasses, for some room around the chords. */
class Reverb {
  private readonly combs = [1116, 1188, 1277, 1356].map((n) => ({
    buffer: new Float32Array(n),
    index: 0,
  }));
  private readonly allpasses = [556, 441].map((n) => ({ buffer: new Float32Array(n), index: 0 }));

  step(x: number): number {
    let sum = 0;
    for (const comb of this.combs) {
      const out = comb.buffer[comb.index] ?? 0;
      comb.buffer[comb.index] = x + out * 0.78;
      comb.index = (comb.index + 1) % comb.buffer.length;
      sum += out;
    }
    let y = sum / 4;
    for (const ap of this.allpasses) {
      const delayed = ap.buffer[ap.index] ?? 0;
      const out = -y + delayed;
      ap.buffer[ap.index] = y + delayed * 0.5;
      ap.index = (ap.index + 1) % ap.buffer.length;
      y = out;
    }
    return y;
  }
}

const TABLE = 4096;

/** One cycle of a sawtooth from its first harmonics (band-limited enough at these pitches). */
function sawTable(harmonics: number): Float32Array {
  const table = new Float32Array(TABLE);
  for (let i = 0; i < TABLE; i += 1) {
    let value = 0;
    for (let k = 1; k <= harmonics; k += 1) value += Math.sin((2 * Math.PI * k * i) / TABLE) / k;
    table[i] = value * 0.55;
  }
  return table;
}

const CHORD_SAW = sawTable(5);
/** Sustained pads sit lower than plucks; an arpeggio's single note higher. */
const CHORD_LEVEL = { pad: 0.13, pluck: 0.22, arp: 0.5 } as const;
const BASS_SAW = sawTable(6);

/** The table's value at a phase in [0, 1). */
const at = (table: Float32Array, phase: number) => table[(phase * TABLE) | 0] ?? 0;

/** Renders the soundtrack: interleaved stereo samples in [-1, 1]. */
export async function synthesize(track: Soundtrack, seconds: number): Promise<Float32Array> {
  const total = Math.round(seconds * SAMPLE_RATE);
  const out = new Float32Array(total * 2);
  const random = seeded(track.seed);
  const beat = 60 / track.bpm;
  const bar = beat * 4;
  const chordFilter = [new Biquad('lowpass', 800, 0.9), new Biquad('lowpass', 800, 0.9)];
  const bassFilter = new Biquad('lowpass', 420, 1.1);
  const hatFilter = new Biquad('highpass', 7_000, 0.8);
  const snareFilter = new Biquad('bandpass', 1_800, 0.7);
  const reverbs = [new Reverb(), new Reverb()];
  const detune = [0.997, 1.003];
  const phases = [new Float64Array(4), new Float64Array(4)];
  let bassPhase = 0;
  const fadeOut = Math.min(1.2, seconds * 0.12);

  for (let i = 0; i < total; i += 1) {
    // A few milliseconds at a time: this runs beside a live server.
    if (i % 8192 === 8191) await breather();
    const t = i / SAMPLE_RATE;
    const barIndex = Math.floor(t / bar);
    const inBar = t - barIndex * bar;
    const beatIndex = Math.floor(inBar / beat);
    const inBeat = inBar - beatIndex * beat;
    const eighth = beat / 2;
    const inEighth = inBar % eighth;
    const eighthIndex = Math.floor(inBar / eighth);
    const chord = track.progression[barIndex % track.progression.length] ?? {
      root: 0,
      quality: 'maj',
    };
    const dropped = barIndex >= track.introBars;
    const swing = track.drums === 'shuffle' ? eighth * 0.18 : 0;

    // Drums.
    let drums = 0;
    if (dropped) {
      const kickOn =
        track.drums === 'four' ||
        (track.drums === 'half' && beatIndex === 0) ||
        (track.drums === 'half' && beatIndex === 2 && inBeat > eighth) ||
        (track.drums === 'shuffle' && (beatIndex === 0 || beatIndex === 2));
      const kickAge = track.drums === 'half' && beatIndex === 2 ? inBeat - eighth : inBeat;
      if (kickOn && kickAge >= 0) {
        // A falling pitch (158 Hz to 48 Hz), integrated: the thump of a kick drum.
        const phase = 48 * kickAge + (110 * (1 - Math.exp(-kickAge * 28))) / 28;
        drums += Math.sin(2 * Math.PI * phase) * Math.exp(-kickAge * 7) * 0.95;
      }
      const snareBeat = track.drums === 'half' ? beatIndex === 2 : beatIndex % 2 === 1;
      if (snareBeat) {
        const noise = snareFilter.step(random() * 2 - 1);
        drums += noise * Math.exp(-inBeat * 16) * 0.9;
        drums += Math.sin(2 * Math.PI * 190 * inBeat) * Math.exp(-inBeat * 30) * 0.25;
      } else snareFilter.step(0);
    }
    const hatAge = inEighth - (eighthIndex % 2 === 1 ? swing : 0);
    const hatAudible = dropped || (barIndex === track.introBars - 1 && beatIndex >= 2);
    const hat =
      hatAudible && hatAge >= 0
        ? hatFilter.step(random() * 2 - 1) *
          Math.exp(-hatAge * (eighthIndex % 2 === 1 ? 38 : 60)) *
          (eighthIndex % 2 === 1 ? 0.32 : 0.18)
        : hatFilter.step(0);

    // Bass: the chord's root, an octave down, on the eighths (or held in the intro).
    const bassNote = hz(track.rootNote - 12 + chord.root);
    bassPhase = (bassPhase + bassNote / SAMPLE_RATE) % 1;
    const bassEnvelope = dropped
      ? Math.min(1, inEighth * 200) * Math.exp(-inEighth * 5) * (eighthIndex % 2 === 0 ? 1 : 0.7)
      : 0.35;
    const bass = bassFilter.step(at(BASS_SAW, bassPhase) * bassEnvelope) * 0.75;

    // Chords, a little detuned between the ears.
    const intervals = INTERVALS[chord.quality];
    let envelope: number;
    if (track.chords === 'pad')
      envelope = Math.min(1, inBar / 0.35) * (0.75 + 0.25 * Math.exp(-inBar * 2));
    else if (track.chords === 'pluck')
      envelope = Math.min(1, inEighth * 300) * Math.exp(-inEighth * 9);
    else {
      const sixteenth = beat / 4;
      envelope = Math.min(1, (inBar % sixteenth) * 400) * Math.exp(-(inBar % sixteenth) * 14);
    }
    const opening = dropped
      ? track.brightness
      : 400 + (track.brightness - 400) * Math.min(1, t / Math.max(0.1, track.introBars * bar));
    const intro = Math.min(1, t / 0.08);
    const tail = Math.min(1, Math.max(0, (seconds - t) / fadeOut));
    for (let channel = 0; channel < 2; channel += 1) {
      const filter = chordFilter[channel];
      const reverb = reverbs[channel];
      const phase = phases[channel];
      if (!filter || !reverb || !phase) continue;
      if (i % 64 === 0) filter.set(opening);
      let voices = 0;
      let pad = 0;
      // An arpeggio plays one note of the chord a sixteenth, an octave up, over a quiet pad.
      const step = Math.floor(inBar / (beat / 4)) % 4;
      for (let v = 0; v < 4; v += 1) {
        const lead = track.chords === 'arp' && v === step;
        const note = track.rootNote + chord.root + (intervals[v] ?? 0) + (lead ? 12 : 0);
        phase[v] = ((phase[v] ?? 0) + (hz(note) * (detune[channel] ?? 1)) / SAMPLE_RATE) % 1;
        const sample = at(CHORD_SAW, phase[v] ?? 0);
        if (track.chords !== 'arp' || lead) voices += sample;
        else pad += sample;
      }
      const chords = filter.step(voices * envelope * CHORD_LEVEL[track.chords] + pad * 0.06);
      const wet = reverb.step(chords);
      const pan = channel === 0 ? 0.85 : 1.15;
      // Mids forward: phones' speakers play little below 150 Hz.
      const mix = drums * 0.6 + bass * 0.55 + chords * 1.7 + wet * 0.6 + hat * pan * 1.3;
      out[i * 2 + channel] = Math.tanh(mix * 0.9) * intro * tail;
    }
  }
  let peak = 0;
  for (const sample of out) peak = Math.max(peak, Math.abs(sample));
  if (peak > 0) for (let i = 0; i < out.length; i += 1) out[i] = ((out[i] ?? 0) / peak) * 0.89;
  return out;
}

/** The samples as a 16-bit PCM stereo WAV file. */
export function wav(samples: Float32Array): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i += 1)
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i] ?? 0)) * 32_767), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
