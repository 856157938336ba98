import type { BarSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TitleComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { inOwnDirection, inReaderDirection } from './bidi-text.js';
import { CHART_FONT_FAMILY } from './chart-fonts.js';
import { STYLE, type ChartLayout } from './chart-layout.js';
import type { ChartSeries } from './fold-series.js';

export type SpendChartOption = ComposeOption<BarSeriesOption | GridComponentOption | LegendComponentOption | TitleComponentOption>;

/** Eight colours told apart at a glance (Tableau 10), one per series in order. */
export const SERIES_COLOURS = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#b07aa1', '#edc948', '#76b7b2', '#ff9da7'] as const;
/** The folded "others" series is grey, so it reads as the rest rather than as one more person. */
export const OTHERS_COLOUR = '#a5a5a5';

interface OptionInput {
  layout: ChartLayout;
  direction: 'ltr' | 'rtl';
  dayLabels: string[];
  series: ChartSeries[];
  /** Whether the last series is the folded "others". */
  hasOthers: boolean;
  valueLabel: (value: number) => string;
  /** Said in the middle of an empty month. */
  noSpendText?: string;
}

const GRID_LINE = '#e4e4e4';
const AXIS_LINE = '#8c8c8c';

function seriesColour(index: number, input: Pick<OptionInput, 'series' | 'hasOthers'>): string {
  return input.hasOthers && index === input.series.length - 1 ? OTHERS_COLOUR : SERIES_COLOURS[index % SERIES_COLOURS.length]!;
}

/** The chart library's description of the picture; every position comes from the layout. */
export function spendChartOption(input: OptionInput): SpendChartOption {
  const { layout, direction } = input;
  const rtl = direction === 'rtl';
  const { margin, legend, axis } = STYLE;
  const text = { fontFamily: CHART_FONT_FAMILY };
  // Series go by index, not by name: two people may have the same name, and the legend matches series by name.
  const key = (index: number): string => `series-${index}`;
  const legendName = new Map(layout.legendNames.map((name, index) => [key(index), inOwnDirection(name)]));
  const empty = layout.scale.max === 0;

  const titles: TitleComponentOption[] = [
    {
      text: inReaderDirection(layout.title, direction),
      // A right-to-left title is anchored by its right end, so it ends at the margin whatever its width.
      left: rtl ? layout.width - margin : margin,
      top: margin,
      textAlign: rtl ? 'right' : 'left',
      padding: 0,
      textStyle: { ...text, fontSize: STYLE.title.fontSize, fontWeight: 'bold', color: STYLE.title.colour },
    },
  ];
  if (empty && input.noSpendText) {
    titles.push({
      text: inReaderDirection(input.noSpendText, direction),
      left: layout.grid.left + layout.grid.width / 2,
      top: layout.grid.top + layout.grid.height / 2,
      textAlign: 'center',
      textVerticalAlign: 'middle',
      padding: 0,
      textStyle: { ...text, fontSize: 26, fontWeight: 'normal', color: '#8a8a8a' },
    });
  }

  const legends: LegendComponentOption[] = layout.legendRows.map((row) => ({
    top: row.top,
    ...(rtl ? { right: margin } : { left: margin }),
    padding: 0,
    // Items flow left to right; a right-to-left row lists them backwards so its first entry is at the right, icon beside it on its right.
    data: (rtl ? [...row.series].reverse() : row.series).map(key),
    align: rtl ? 'right' : 'left',
    itemGap: legend.gap,
    itemWidth: legend.iconWidth,
    itemHeight: legend.iconHeight,
    selectedMode: false,
    formatter: (name: string) => legendName.get(name) ?? name,
    textStyle: { ...text, fontSize: legend.fontSize, color: legend.colour },
  }));

  return {
    animation: false,
    backgroundColor: '#ffffff',
    textStyle: text,
    title: titles,
    legend: legends,
    grid: { ...layout.grid, outerBoundsMode: 'none' },
    xAxis: {
      type: 'category',
      data: input.dayLabels,
      inverse: rtl,
      axisTick: { alignWithLabel: true, lineStyle: { color: AXIS_LINE } },
      axisLine: { lineStyle: { color: AXIS_LINE } },
      axisLabel: { ...text, fontSize: axis.fontSize, color: axis.colour, margin: axis.labelGap, formatter: inOwnDirection },
    },
    yAxis: {
      type: 'value',
      position: rtl ? 'right' : 'left',
      min: 0,
      // An empty month still draws its grid: one empty step rather than an axis with no height.
      max: empty ? 1 : layout.scale.max,
      interval: empty ? 1 : layout.scale.step,
      splitLine: { lineStyle: { color: GRID_LINE } },
      axisLabel: {
        ...text,
        show: !empty,
        fontSize: axis.fontSize,
        color: axis.colour,
        margin: axis.labelGap,
        formatter: (value: number) => inOwnDirection(input.valueLabel(value)),
      },
    },
    series: input.series.map((entry, index) => ({
      type: 'bar',
      name: key(index),
      stack: 'spend',
      data: input.dayLabels.map((_, day) => entry.values[day] ?? 0),
      barCategoryGap: '30%',
      itemStyle: { color: seriesColour(index, input) },
      emphasis: { disabled: true },
    })),
  };
}
