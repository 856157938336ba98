import { inOwnDirection } from './bidi-text.js';
import { textWidth } from './text-width.js';
import { scaleTicks, valueScale, type ValueScale } from './value-scale.js';

/** Sizes in pixels, chosen to stay readable when a phone shrinks a 1200 px wide picture to its screen. */
export const STYLE = {
  margin: 28,
  title: { fontSize: 30, lineHeight: 40, colour: '#1f2329' },
  legend: { fontSize: 20, rowHeight: 34, iconWidth: 24, iconHeight: 16, gap: 28, colour: '#333333' },
  axis: { fontSize: 18, labelGap: 10, colour: '#4a4a4a' },
  /** The chart library puts a legend item's text this far from its icon. */
  legendTextGap: 5,
  /** A name wider than this is cut short, so one long name cannot take a whole legend row. */
  longestName: 320,
} as const;

export interface ChartBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface ChartLayout {
  width: number;
  height: number;
  /** Rows of legend entries, as indexes into the series, in reading order. */
  legendRows: { top: number; series: number[] }[];
  /** Each series' name as the legend shows it, cut short when too long. */
  legendNames: string[];
  /** The title as drawn, cut short when wider than the picture. */
  title: string;
  scale: ValueScale;
  /** Where the bars are drawn. */
  grid: ChartBox;
  /** Horizontal centre of the day's bar (0 is the first day); the first day is at the right for a right-to-left reader. */
  dayCentre(day: number): number;
}

interface LayoutInput {
  width: number;
  height: number;
  title: string;
  direction: 'ltr' | 'rtl';
  days: number;
  seriesNames: string[];
  /** The highest day's total, all series stacked. */
  highestDay: number;
  valueLabel: (value: number) => string;
}

/** Cuts text to fit `room` pixels, ending it with an ellipsis when something was cut. */
function fitText(text: string, room: number, fontSize: number, bold = false): string {
  if (textWidth(text, fontSize, bold) <= room) return text;
  const chars = [...text];
  while (chars.length > 1 && textWidth(`${chars.join('').trimEnd()}…`, fontSize, bold) > room) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/**
 * Where everything goes, worked out before the chart library draws, from
 * the real widths of the texts in the chart's font: legend rows are filled
 * here (so a right-to-left legend can start each row at the right), and the
 * grid leaves exactly the room the value labels need.
 */
export function chartLayout(input: LayoutInput): ChartLayout {
  const { margin, title, legend, axis } = STYLE;
  const room = input.width - 2 * margin;
  const legendNames = input.seriesNames.map((name) => fitText(name, STYLE.longestName, legend.fontSize));

  const legendTop = margin + title.lineHeight + 14;
  const legendRows: ChartLayout['legendRows'] = [];
  let rowWidth = Infinity;
  legendNames.forEach((name, index) => {
    const itemWidth = legend.iconWidth + STYLE.legendTextGap + textWidth(inOwnDirection(name), legend.fontSize);
    const last = legendRows.at(-1);
    if (last && rowWidth + legend.gap + itemWidth <= room) {
      last.series.push(index);
      rowWidth += legend.gap + itemWidth;
    } else {
      legendRows.push({ top: legendTop + legendRows.length * legend.rowHeight, series: [index] });
      rowWidth = itemWidth;
    }
  });

  const scale = valueScale(input.highestDay);
  const valueLabelWidth = Math.max(0, ...scaleTicks(scale).map((tick) => textWidth(inOwnDirection(input.valueLabel(tick)), axis.fontSize)));
  const valueSide = margin + Math.ceil(valueLabelWidth) + axis.labelGap;
  // Room above the grid for the top tick's label, which is centred on the top line.
  const top = legendTop + legendRows.length * legend.rowHeight + axis.fontSize;
  const bottom = margin + axis.fontSize * 1.4 + axis.labelGap;
  const left = input.direction === 'rtl' ? margin : valueSide;
  const right = input.direction === 'rtl' ? valueSide : margin;
  const grid = { left, top, width: input.width - left - right, height: input.height - top - bottom };
  const slot = grid.width / Math.max(1, input.days);

  return {
    width: input.width,
    height: input.height,
    legendRows,
    legendNames,
    title: fitText(input.title, room, title.fontSize, true),
    scale,
    grid,
    dayCentre: (day) => (input.direction === 'rtl' ? grid.left + grid.width - (day + 0.5) * slot : grid.left + (day + 0.5) * slot),
  };
}
