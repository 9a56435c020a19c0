/**
 * How wide a line of type sets in a TrueType font (decision 035): the glyphs' advance widths from
 * the font's cmap (format 4) and hmtx tables, so a headline is sized to end before the feed's
 * buttons whichever font the machine has. Kerning is ignored (it only narrows a line).
 */
import { readFile } from 'node:fs/promises';

/** A line's width in ems (font size 1). */
export type Measure = (text: string) => number;

/** Without a readable font: a wide guess, so lines rather come out small than too long. */
export const GUESS: Measure = (text) => text.length * 0.78;

interface Table {
  offset: number;
  length: number;
}

function tables(font: Buffer): Map<string, Table> {
  const count = font.readUInt16BE(4);
  const found = new Map<string, Table>();
  for (let i = 0; i < count; i += 1) {
    const at = 12 + i * 16;
    found.set(font.toString('latin1', at, at + 4), {
      offset: font.readUInt32BE(at + 8),
      length: font.readUInt32BE(at + 12),
    });
  }
  return found;
}

/** The glyph of each character (cmap format 4, the Unicode BMP subtable). */
function glyphLookup(font: Buffer, cmap: Table): (code: number) => number {
  const subtables = font.readUInt16BE(cmap.offset + 2);
  for (let i = 0; i < subtables; i += 1) {
    const at = cmap.offset + 4 + i * 8;
    const platform = font.readUInt16BE(at);
    const encoding = font.readUInt16BE(at + 2);
    const start = cmap.offset + font.readUInt32BE(at + 4);
    if (!((platform === 3 && encoding === 1) || platform === 0)) continue;
    if (font.readUInt16BE(start) !== 4) continue;
    const segments = font.readUInt16BE(start + 6) / 2;
    const ends = start + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const ranges = deltas + segments * 2;
    return (code) => {
      for (let s = 0; s < segments; s += 1) {
        if (code > font.readUInt16BE(ends + s * 2)) continue;
        const first = font.readUInt16BE(starts + s * 2);
        if (code < first) return 0;
        const delta = font.readInt16BE(deltas + s * 2);
        const range = font.readUInt16BE(ranges + s * 2);
        if (range === 0) return (code + delta) & 0xffff;
        const glyph = font.readUInt16BE(ranges + s * 2 + range + (code - first) * 2);
        return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
      }
      return 0;
    };
  }
  throw new Error('no Unicode cmap');
}

/** The measure of a font file, or GUESS when it cannot be read. */
export async function measureFor(file: string): Promise<Measure> {
  try {
    const font = await readFile(file);
    const found = tables(font);
    const head = found.get('head');
    const hhea = found.get('hhea');
    const hmtx = found.get('hmtx');
    const cmap = found.get('cmap');
    if (!head || !hhea || !hmtx || !cmap) return GUESS;
    const unitsPerEm = font.readUInt16BE(head.offset + 18);
    const metrics = font.readUInt16BE(hhea.offset + 34);
    const glyph = glyphLookup(font, cmap);
    const advance = (code: number) => {
      const g = glyph(code);
      const index = Math.min(g, metrics - 1);
      return font.readUInt16BE(hmtx.offset + index * 4) / unitsPerEm;
    };
    return (text) => {
      let width = 0;
      for (const char of text) width += advance(char.codePointAt(0) ?? 32);
      return width;
    };
  } catch {
    return GUESS;
  }
}
