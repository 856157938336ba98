import { chartLayout, type ChartLayout } from './chart-layout.js';
import { spendChartOption } from './chart-option.js';
import { svgToPng } from './chart-png.js';
import { chartSvg } from './chart-svg.js';
import { foldIntoOthers, type ChartSeries } from './fold-series.js';

export interface SpendChartInput {
  /** Already translated, e.g. "Spend per day, November 2026". */
  title: string;
  /** One per day of the month, already formatted (Persian digits for a Persian reader). */
  dayLabels: string[];
  /** One per person or product, one value per day: whole amounts in the wallet's unit. */
  series: ChartSeries[];
  /** The legend name of the series the smallest are folded into when there are more than eight. */
  othersName: string;
  direction: 'ltr' | 'rtl';
  /** Value axis tick text, already localised; plain grouped digits when not given. */
  valueLabel?: (value: number) => string;
  /** Said in the middle of the chart when nothing was spent all month. */
  noSpendText?: string;
  /** Picture size in pixels; 1200 × 700 when not given. */
  width?: number;
  height?: number;
}

interface SpendChartSvg {
  svg: string;
  /** Where the title, legend and bars were put, to find them in the picture. */
  layout: ChartLayout;
  /** The series drawn, after folding, in stacking order (first at the bottom). */
  series: ChartSeries[];
}

const plainDigits = (value: number): string => value.toLocaleString('en-US');

/** The month's spend per day as a PNG: stacked bars, one colour per person or product, laid out for the reader's direction. */
export async function renderSpendChart(input: SpendChartInput): Promise<Buffer> {
  return (await drawSpendChart(input)).png;
}

/** The PNG with where everything was put in it. */
export async function drawSpendChart(input: SpendChartInput): Promise<SpendChartSvg & { png: Buffer }> {
  const drawn = await spendChartSvg(input);
  return { ...drawn, png: await svgToPng(drawn.svg) };
}

/** The chart as SVG: the part done on the main thread. */
export async function spendChartSvg(input: SpendChartInput): Promise<SpendChartSvg> {
  const width = input.width ?? 1200;
  const height = input.height ?? 700;
  const valueLabel = input.valueLabel ?? plainDigits;
  const days = input.dayLabels.length;
  const series = foldIntoOthers(input.series, input.othersName);
  const dayTotals = Array.from({ length: days }, (_, day) => series.reduce((sum, entry) => sum + Math.max(0, entry.values[day] ?? 0), 0));
  const layout = chartLayout({
    width,
    height,
    title: input.title,
    direction: input.direction,
    days,
    seriesNames: series.map((entry) => entry.name),
    highestDay: Math.max(0, ...dayTotals),
    valueLabel,
  });
  const option = spendChartOption({
    layout,
    direction: input.direction,
    dayLabels: input.dayLabels,
    series,
    hasOthers: series.length < input.series.length,
    valueLabel,
    noSpendText: input.noSpendText,
  });
  return { svg: await chartSvg(option, width, height), layout, series };
}
