/**
 * Horizontal advances read from a TrueType font's own tables (cmap, hmtx),
 * so text can be measured as the renderer will draw it with that font.
 * Only what width needs is read: no kerning, no substitutions.
 */
export interface FontMetrics {
  /** Advance of the character's glyph in ems; the font's missing-glyph advance when it has no glyph for it. */
  advance(codePoint: number): number;
  /** Whether the font has a glyph for the character. */
  has(codePoint: number): boolean;
}

export function readFontMetrics(font: Buffer): FontMetrics {
  const tables = tableOffsets(font);
  const unitsPerEm = font.readUInt16BE(tables('head') + 18);
  const longMetrics = font.readUInt16BE(tables('hhea') + 34);
  const hmtx = tables('hmtx');
  const lookup = cmapLookup(font, tables('cmap'));
  // The lookup scans the cmap's segments; a chart asks for the same few dozen characters over and over.
  const glyphs = new Map<number, number>();
  const glyphOf = (codePoint: number): number => {
    let glyph = glyphs.get(codePoint);
    if (glyph === undefined) glyphs.set(codePoint, (glyph = lookup(codePoint)));
    return glyph;
  };
  // Glyphs past the long metrics share the last advance (the usual case of monospaced tails).
  const advanceOf = (glyph: number): number => font.readUInt16BE(hmtx + Math.min(glyph, longMetrics - 1) * 4) / unitsPerEm;
  return {
    advance: (codePoint) => advanceOf(glyphOf(codePoint)),
    has: (codePoint) => glyphOf(codePoint) !== 0,
  };
}

function tableOffsets(font: Buffer): (tag: string) => number {
  const offsets = new Map<string, number>();
  const count = font.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16;
    offsets.set(font.toString('latin1', record, record + 4), font.readUInt32BE(record + 8));
  }
  return (tag) => {
    const offset = offsets.get(tag);
    if (offset === undefined) throw new Error(`font has no ${tag} table`);
    return offset;
  };
}

/** Glyph id for a code point from the Unicode BMP subtable (format 4); 0, the missing glyph, when unmapped. */
function cmapLookup(font: Buffer, cmap: number): (codePoint: number) => number {
  let subtable = -1;
  for (let i = 0; i < font.readUInt16BE(cmap + 2); i++) {
    const record = cmap + 4 + i * 8;
    const platform = font.readUInt16BE(record);
    const encoding = font.readUInt16BE(record + 2);
    const offset = cmap + font.readUInt32BE(record + 4);
    if (font.readUInt16BE(offset) === 4 && ((platform === 3 && encoding === 1) || platform === 0)) subtable = offset;
  }
  if (subtable < 0) throw new Error('font has no Unicode cmap of format 4');
  const segmentsX2 = font.readUInt16BE(subtable + 6);
  const ends = subtable + 14;
  const starts = ends + segmentsX2 + 2;
  const deltas = starts + segmentsX2;
  const rangeOffsets = deltas + segmentsX2;
  return (codePoint) => {
    if (codePoint > 0xffff) return 0;
    for (let segment = 0; segment < segmentsX2; segment += 2) {
      if (codePoint > font.readUInt16BE(ends + segment)) continue;
      const start = font.readUInt16BE(starts + segment);
      if (codePoint < start) return 0;
      const delta = font.readInt16BE(deltas + segment);
      const rangeOffset = font.readUInt16BE(rangeOffsets + segment);
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
      const glyph = font.readUInt16BE(rangeOffsets + segment + rangeOffset + (codePoint - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}
