import { readFileSync } from 'node:fs';
import { contextualForms } from './arabic-forms.js';
import { chartFontFiles } from './chart-fonts.js';
import { readFontMetrics, type FontMetrics } from './font-metrics.js';

const metrics: { regular?: FontMetrics; bold?: FontMetrics } = {};

function fontMetrics(bold: boolean): FontMetrics {
  const key = bold ? 'bold' : 'regular';
  return (metrics[key] ??= readFontMetrics(readFileSync(chartFontFiles()[key])));
}

/** Nothing drawn: marks sit on the letter before them, and format characters (bidi isolates, joiners) have no glyph. */
const ZERO_WIDTH = /[\p{Mn}\p{Cf}]/u;

/**
 * Width in pixels of one line of text drawn in the chart's font. A
 * character the font lacks (an emoji, Chinese) is not drawn; it counts as
 * one em, as the chart library counts such characters, because the library
 * also takes the width of "国" as the height of a line of text.
 */
export function textWidth(text: string, fontSize: number, bold = false): number {
  const font = fontMetrics(bold);
  let ems = 0;
  for (const char of contextualForms(text)) {
    const codePoint = char.codePointAt(0)!;
    if (ZERO_WIDTH.test(char)) continue;
    ems += font.has(codePoint) ? font.advance(codePoint) : 1;
  }
  return ems * fontSize;
}

/**
 * Measures text given a CSS font shorthand ("bold 18px Vazirmatn"), the
 * way the chart library asks for it. Whatever family it names, the picture
 * is drawn with the chart's font alone, so that is what is measured.
 */
export function measureCssText(text: string, cssFont: string | undefined): { width: number } {
  const size = /(\d+(?:\.\d+)?)px/.exec(cssFont ?? '');
  const bold = /\bbold(er)?\b|\b[6-9]00\b/.test(cssFont ?? '');
  return { width: textWidth(text, size ? Number(size[1]) : 12, bold) };
}
