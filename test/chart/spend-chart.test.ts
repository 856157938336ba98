import { describe, expect, it } from 'vitest';
import { OTHERS_COLOUR, SERIES_COLOURS } from '../../src/chart/chart-option.js';
import { STYLE } from '../../src/chart/chart-layout.js';
import { drawSpendChart, renderSpendChart, spendChartSvg, type SpendChartInput } from '../../src/chart/spend-chart.js';
import { textWidth } from '../../src/chart/text-width.js';
import { toPersianDigits } from '../../src/text/digits.js';
import { decodePng, pngSize, type PngPixels } from '../support/png-pixels.js';

const DAYS = 31;
const spentOn = (days: Record<number, number>): number[] => Array.from({ length: DAYS }, (_, day) => days[day] ?? 0);
/** Ali spends on days 1, 3 and 31, John on days 3 and 10 (0-based: 0, 2, 30 and 2, 9); nobody on the other days. */
const SERIES = [
  { name: 'علی رضایی', values: spentOn({ 0: 400, 2: 300, 30: 500 }) },
  { name: 'John Smith', values: spentOn({ 2: 200, 9: 700 }) },
];

const english: SpendChartInput = {
  title: 'Spend per day, November 2026',
  dayLabels: Array.from({ length: DAYS }, (_, i) => String(i + 1)),
  series: SERIES,
  othersName: 'Others',
  direction: 'ltr',
};
const persian: SpendChartInput = {
  title: 'هزینهٔ روزانه، آبان ۱۴۰۵',
  dayLabels: english.dayLabels.map(toPersianDigits),
  series: SERIES,
  othersName: 'سایرین',
  direction: 'rtl',
  valueLabel: (value) => toPersianDigits(String(value)),
};

type Rgb = readonly [number, number, number];
const rgb = (hex: string): Rgb => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as unknown as Rgb;
const near = (pixel: readonly number[], colour: Rgb, tolerance = 4) => colour.every((channel, i) => Math.abs(channel - pixel[i]!) <= tolerance);
const dark = (pixel: readonly number[]) => pixel[0]! + pixel[1]! + pixel[2]! < 240;

/** Matching pixels' x extent within a box, or null when none match. */
function extent(image: PngPixels, box: { left: number; top: number; width: number; height: number }, match: (pixel: number[]) => boolean) {
  let min = Infinity;
  let max = -Infinity;
  for (let y = Math.round(box.top); y < Math.round(box.top + box.height); y++) {
    for (let x = Math.max(0, Math.round(box.left)); x < Math.min(image.width, Math.round(box.left + box.width)); x++) {
      if (match(image.at(x, y))) [min, max] = [Math.min(min, x), Math.max(max, x)];
    }
  }
  return min === Infinity ? null : { min, max };
}

/** Rows of the day's bar column (its centre pixel column, inside the grid) in the colour. */
function barRows(image: PngPixels, drawn: Awaited<ReturnType<typeof drawSpendChart>>, day: number, colour: string): number[] {
  const x = Math.round(drawn.layout.dayCentre(day));
  const { top, height } = drawn.layout.grid;
  const rows: number[] = [];
  for (let y = Math.ceil(top); y < top + height; y++) if (near(image.at(x, y), rgb(colour))) rows.push(y);
  return rows;
}

const titleBand = (width: number) => ({ left: 0, top: STYLE.margin, width, height: STYLE.title.lineHeight });

describe('the spend chart', () => {
  it('is a PNG of the size asked for, 1200 × 700 when none is', async () => {
    expect(pngSize(await renderSpendChart(english))).toEqual({ width: 1200, height: 700 });
    expect(pngSize(await renderSpendChart({ ...persian, width: 900, height: 500 }))).toEqual({ width: 900, height: 500 });
  });

  for (const input of [english, persian]) {
    it(`draws each person's bars on the days they spent and nothing on the other days (${input.direction})`, async () => {
      const drawn = await drawSpendChart(input);
      const image = decodePng(drawn.png);
      const [ali, john] = SERIES_COLOURS;
      expect(barRows(image, drawn, 0, ali).length).toBeGreaterThan(20);
      expect(barRows(image, drawn, 30, ali).length).toBeGreaterThan(20);
      expect(barRows(image, drawn, 9, john).length).toBeGreaterThan(20);
      expect(barRows(image, drawn, 0, john)).toEqual([]);
      // Day 3: both, stacked in order, the first series at the bottom.
      const [aliOn3, johnOn3] = [barRows(image, drawn, 2, ali), barRows(image, drawn, 2, john)];
      expect(Math.min(...aliOn3)).toBeGreaterThan(Math.max(...johnOn3));
      for (const day of [1, 4, 15, 29]) for (const colour of [ali, john]) expect(barRows(image, drawn, day, colour)).toEqual([]);
      // A bar's height is in proportion to its value: day 10 (700) against day 31 (500).
      expect(barRows(image, drawn, 9, john).length / barRows(image, drawn, 30, ali).length).toBeCloseTo(700 / 500, 1);
    });
  }

  it('runs the days left to right for an English reader and right to left for a Persian one', async () => {
    // Found from the grid alone, not from the layout's own day positions: the k-th slot from either end.
    const slotColumns = async (input: SpendChartInput, fromRight: boolean) => {
      const drawn = await drawSpendChart(input);
      const image = decodePng(drawn.png);
      const { grid } = drawn.layout;
      const slot = grid.width / DAYS;
      return (k: number, colour: string) => {
        const x = fromRight ? grid.left + grid.width - (k + 1) * slot : grid.left + k * slot;
        return extent(image, { left: x + slot / 4, top: grid.top, width: slot / 2, height: grid.height }, (pixel) => near(pixel, rgb(colour))) !== null;
      };
    };
    const [ali, john] = SERIES_COLOURS;
    for (const [input, fromRight] of [
      [english, false],
      [persian, true],
    ] as const) {
      const has = await slotColumns(input, fromRight);
      expect([has(0, ali), has(0, john), has(2, john), has(9, john), has(9, ali), has(30, ali)], input.direction).toEqual([true, false, true, true, false, true]);
    }
  });

  it('puts the value axis labels on the left for an English reader and on the right for a Persian one', async () => {
    for (const input of [english, persian]) {
      const drawn = await drawSpendChart(input);
      const image = decodePng(drawn.png);
      const { grid } = drawn.layout;
      const leftOfGrid = extent(image, { left: 0, top: grid.top, width: grid.left - 2, height: grid.height }, dark);
      const rightOfGrid = extent(image, { left: grid.left + grid.width + 2, top: grid.top, width: image.width, height: grid.height }, dark);
      expect([leftOfGrid !== null, rightOfGrid !== null], input.direction).toEqual(input.direction === 'rtl' ? [false, true] : [true, false]);
    }
  });

  it('sets the direction inside the text, which the renderer honours where it ignores SVG direction', async () => {
    const { svg } = await spendChartSvg({ ...persian, title: 'هزینهٔ روزانه — Amazon' });
    // The title in the reader's direction (Amazon ends it, at the left); each name in its own.
    expect(svg).toContain('>\u2067هزینهٔ روزانه — Amazon\u2069<');
    expect(svg).toContain('>\u2068John Smith\u2069<');
    expect(svg).toContain('>\u2068علی رضایی\u2069<');
    expect((await spendChartSvg(english)).svg).toContain('>Spend per day, November 2026<');
  });

  it('draws the English title from the left margin', async () => {
    const image = decodePng(await renderSpendChart(english));
    const title = extent(image, titleBand(image.width), dark)!;
    expect(title.min).toBeGreaterThanOrEqual(STYLE.margin - 2);
    expect(title.min).toBeLessThanOrEqual(STYLE.margin + 4);
    expect(title.max).toBeLessThan(image.width / 2);
  });

  it('draws the Persian title against the right margin, its letters joined', async () => {
    const image = decodePng(await renderSpendChart(persian));
    const title = extent(image, titleBand(image.width), dark)!;
    expect(title.max).toBeLessThanOrEqual(image.width - STYLE.margin + 2);
    expect(title.max).toBeGreaterThanOrEqual(image.width - STYLE.margin - 4);
    expect(title.min).toBeGreaterThan(image.width / 2);
    // As wide as measured with its letters joined; drawn apart, they would be wider by far more than the tolerance.
    const joined = textWidth(persian.title, STYLE.title.fontSize, true);
    const apart = [...persian.title].reduce((sum, letter) => sum + textWidth(letter, STYLE.title.fontSize, true), 0);
    expect(Math.abs(title.max - title.min - joined)).toBeLessThan(10);
    expect(apart - joined).toBeGreaterThan(30);
  });

  it('starts a Persian legend at the right with the first series, and an English one at the left', async () => {
    for (const [input, firstIcon] of [
      [english, { left: STYLE.margin, width: STYLE.legend.iconWidth }],
      [persian, { left: 1200 - STYLE.margin - STYLE.legend.iconWidth, width: STYLE.legend.iconWidth }],
    ] as const) {
      const drawn = await drawSpendChart(input);
      const row = drawn.layout.legendRows[0]!;
      const icon = extent(decodePng(drawn.png), { ...firstIcon, top: row.top, height: STYLE.legend.iconHeight }, (pixel) => near(pixel, rgb(SERIES_COLOURS[0])));
      expect(icon, input.direction).not.toBeNull();
    }
  });

  it('folds the smallest into a grey "others" series past eight', async () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ name: `نفر ${toPersianDigits(String(i + 1))}`, values: spentOn({ [i]: 100 * (10 - i) }) }));
    const drawn = await drawSpendChart({ ...persian, series: many });
    expect(drawn.series.map((entry) => entry.name)).toEqual([...many.slice(0, 7).map((entry) => entry.name), 'سایرین']);
    const image = decodePng(drawn.png);
    // The three smallest spent on days 8, 9 and 10 (0-based 7 to 9); the seventh biggest on day 7.
    for (const day of [7, 8, 9]) expect(barRows(image, drawn, day, OTHERS_COLOUR).length).toBeGreaterThan(0);
    expect(barRows(image, drawn, 6, OTHERS_COLOUR)).toEqual([]);
    expect(barRows(image, drawn, 6, SERIES_COLOURS[6]).length).toBeGreaterThan(0);
  });

  it('draws an empty month as an empty grid saying so, in either language', async () => {
    for (const input of [english, persian]) {
      const nobody = input.series.map((entry) => ({ ...entry, values: spentOn({}) }));
      const noSpendText = input.direction === 'rtl' ? 'در این ماه خریدی نشده است' : 'Nothing was spent this month';
      const drawn = await drawSpendChart({ ...input, series: nobody, noSpendText });
      const image = decodePng(drawn.png);
      expect(pngSize(drawn.png)).toEqual({ width: 1200, height: 700 });
      for (let day = 0; day < DAYS; day++) for (const colour of SERIES_COLOURS) expect(barRows(image, drawn, day, colour)).toEqual([]);
      const { grid } = drawn.layout;
      const middle = { left: grid.left, top: grid.top + grid.height / 2 - 20, width: grid.width, height: 40 };
      expect(extent(image, middle, (pixel) => pixel[0]! < 200)).not.toBeNull();
      expect(extent(image, titleBand(image.width), dark)).not.toBeNull();
    }
    const noSeries = await drawSpendChart({ ...english, series: [] });
    expect(pngSize(noSeries.png)).toEqual({ width: 1200, height: 700 });
  });
});
