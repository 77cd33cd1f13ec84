import { useMemo, useRef } from "react";
import uPlot from "uplot";
// the gap rule is the PDF report's too (one rule for every drawn series)
import { breakGaps } from "../../../domain/records/series-gaps";
import {
  alignTables,
  axisLabel,
  barScaleRange,
  type Column,
  legendValue,
  nonOverlappingLabels,
  stackColumns,
} from "./chart-data";
import { AXIS_STYLE, UTC_TIME_AXIS_VALUES } from "./chart-theme";
import { type TimeMarker, type TimeSegment, timeOverlaysPlugin } from "./time-markers";
import { UPlotChart } from "./uplot-chart";

/** One plotted series: a y column aligned with the chart's x column. */
export type ChartSeries = {
  label: string;
  values: Column;
  color: string;
  /** 'line' (default), 'points' (no line: scatter), 'bars', 'step'. */
  kind?: "line" | "points" | "bars" | "step";
  dash?: number[];
  width?: number;
  /** Right-hand axis when 'y2'. */
  scale?: "y" | "y2";
  /** Decimals in the legend's value. */
  decimals?: number;
};

/** A legend cell's text for uPlot series `seriesIndex` (1-based) at data row `row` (null: cursor off the chart). */
type LegendText = (seriesIndex: number, row: number | null, decimals: number) => string;

/**
 * The legend reads the series' own values (not the stacked sums drawn), kept in a ref so that new data does
 * not rebuild the chart. Off the chart it shows each series' latest value (`atRest` 'latest', time series) or
 * nothing ('blank'), never a dash for every series.
 */
function useLegendText(columns: readonly Column[], atRest: "latest" | "blank"): LegendText {
  const ref = useRef(columns);
  ref.current = columns;
  return useMemo<LegendText>(
    () => (seriesIndex, row, decimals) => legendValue(ref.current[seriesIndex - 1], row, decimals, atRest),
    [atRest],
  );
}

/** The x cell of a time chart's legend: the hovered time, 24-hour UTC; 'latest' off the chart. */
const utcStamp = uPlot.fmtDate("{YYYY}-{MM}-{DD} {HH}:{mm}");
const timeLegend: uPlot.Series.Value = (_u, v, _s, idx) =>
  idx === null || v === null ? "latest" : `${utcStamp(utcDate(v))} UTC`;

type Axis = { name: string; unit?: string | null };

/**
 * A scale that holds bars starts at zero and keeps its negatives (chart-data barScaleRange); lines and points
 * keep the data's own range (a trend's detail matters more than its zero).
 */
function scaleOf(series: readonly ChartSeries[], scale: "y" | "y2"): uPlot.Scale {
  if (!series.some((s) => s.kind === "bars" && (s.scale ?? "y") === scale)) return { auto: true };
  return { auto: true, range: (_u, min, max) => barScaleRange(min, max) };
}

const utcDate = (seconds: number) => uPlot.tzDate(new Date(seconds * 1000), "Etc/UTC");

function pathsOf(kind: ChartSeries["kind"]): uPlot.Series.PathBuilder | undefined {
  const factories = uPlot.paths;
  if (kind === "bars") return factories.bars?.({ size: [0.7, 60], align: 0 });
  if (kind === "step") return factories.stepped?.({ align: 1 });
  if (kind === "points") return () => null;
  return undefined;
}

function seriesOptions(s: ChartSeries, legend: LegendText): uPlot.Series {
  const decimals = s.decimals ?? 1;
  const base: uPlot.Series = {
    label: s.label,
    stroke: s.color,
    width: s.width ?? (s.kind === "points" ? 1 : 1.5),
    scale: s.scale ?? "y",
    spanGaps: s.kind !== "line" && s.kind !== undefined,
    value: (_u, _v, seriesIndex, row) => legend(seriesIndex, row, decimals),
  };
  if (s.dash) base.dash = s.dash;
  const paths = pathsOf(s.kind);
  if (paths) base.paths = paths;
  if (s.kind === "bars") base.fill = `${s.color}cc`;
  if (s.kind === "points")
    base.points = { show: true, size: 3, space: 0, fill: s.color, stroke: s.color, width: 0 };
  else base.points = { show: false };
  return base;
}

let measure: CanvasRenderingContext2D | null = null;
/** Width of `text` in the axis font, CSS pixels. */
function textWidthPx(text: string): number {
  measure ??= document.createElement("canvas").getContext("2d");
  if (!measure) return 7 * text.length;
  measure.font = AXIS_STYLE.font;
  return measure.measureText(text).width;
}

function axes(x: uPlot.Axis, y: Axis, y2: Axis | undefined): uPlot.Axis[] {
  const style = { stroke: AXIS_STYLE.stroke, font: AXIS_STYLE.font, labelFont: AXIS_STYLE.labelFont };
  const out: uPlot.Axis[] = [
    { ...style, grid: AXIS_STYLE.grid, ticks: AXIS_STYLE.ticks, ...x },
    {
      ...style,
      scale: "y",
      label: axisLabel(y.name, y.unit),
      grid: AXIS_STYLE.grid,
      ticks: AXIS_STYLE.ticks,
      size: 56,
    },
  ];
  if (y2) {
    out.push({
      ...style,
      scale: "y2",
      side: 1,
      label: axisLabel(y2.name, y2.unit),
      grid: { show: false },
      ticks: AXIS_STYLE.ticks,
      size: 56,
    });
  }
  return out;
}

/** The series' shape (labels, colours, kinds): a new chart is built only when this changes. */
const shapeKey = (series: readonly ChartSeries[], extra: unknown) =>
  JSON.stringify([series.map(({ values: _v, ...meta }) => meta), extra]);

function Figure({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <figure aria-label={label} className="m-0 w-full min-w-0" data-testid={testId}>
      {children}
    </figure>
  );
}

/** Values over UTC time; `times` in epoch seconds, ascending. */
export function TimeSeriesChart({
  times,
  series,
  y,
  y2,
  height = 260,
  label,
  stacked = false,
  markers,
  segments,
  testId,
}: {
  times: ArrayLike<number>;
  series: readonly ChartSeries[];
  y: Axis;
  y2?: Axis;
  height?: number;
  label: string;
  /** Stack the series (bars): each drawn as the sum of it and those before it. */
  stacked?: boolean;
  /** Dated events drawn as vertical lines (maintenance events on a hull chart). */
  markers?: readonly TimeMarker[];
  /** Straight lines between two (time, value) points on the left axis (fitted trends). */
  segments?: readonly TimeSegment[];
  testId?: string;
}) {
  const key = shapeKey(series, [y, y2, stacked, markers, segments]);
  const { data, legendColumns } = useMemo(() => {
    const own = series.map((s) => s.values);
    const drawn = stacked ? stackColumns(own).reverse() : own;
    const broken = breakGaps(times, drawn);
    // gaps depend on the times only, so the series' own values break on the same rows
    const shown = stacked ? breakGaps(times, [...own].reverse()).columns : broken.columns;
    return {
      data: [broken.times, ...(broken.columns as number[][])] as uPlot.AlignedData,
      legendColumns: shown,
    };
  }, [times, series, stacked]);
  const legend = useLegendText(legendColumns, "latest");
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt on the series' shape only
  const options = useMemo<Omit<uPlot.Options, "width" | "height">>(() => {
    const ordered = stacked ? [...series].reverse() : series;
    return {
      tzDate: utcDate,
      scales: {
        x: { time: true },
        y: scaleOf(series, "y"),
        ...(y2 ? { y2: scaleOf(series, "y2") } : {}),
      },
      series: [{ label: "Time (UTC)", value: timeLegend }, ...ordered.map((s) => seriesOptions(s, legend))],
      axes: axes({ label: "Time (UTC)", values: UTC_TIME_AXIS_VALUES as uPlot.Axis.Values }, y, y2),
      legend: { live: true },
      cursor: { drag: { x: true, y: false } },
      ...(markers?.length || segments?.length
        ? { plugins: [timeOverlaysPlugin(markers ?? [], segments ?? [])] }
        : {}),
    };
  }, [key, legend]);
  return (
    <Figure label={label} testId={testId}>
      <UPlotChart options={options} data={data} height={height} />
    </Figure>
  );
}

/** A cloud of points (x unsorted) with optional lines (fitted curves), each its own x and y columns. */
export type XYSeries = Omit<ChartSeries, "values"> & { x: ArrayLike<number>; y: Column };

/** Points and curves over a numeric x axis (fuel against speed, SFOC against load, penalty against trim). */
export function ScatterChart({
  series,
  x,
  y,
  height = 280,
  label,
  testId,
}: {
  series: readonly XYSeries[];
  x: Axis;
  y: Axis;
  height?: number;
  label: string;
  testId?: string;
}) {
  const key = JSON.stringify([series.map(({ x: _x, y: _y, ...meta }) => meta), x, y]);
  const data = useMemo<uPlot.AlignedData>(() => {
    const aligned = alignTables(series.map((s) => ({ x: s.x, ys: [s.y] })));
    return [aligned.x, ...(aligned.ys as number[][])];
  }, [series]);
  const legend = useLegendText(data.slice(1) as Column[], "blank");
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt on the series' shape only
  const options = useMemo<Omit<uPlot.Options, "width" | "height">>(
    () => ({
      mode: 1,
      scales: { x: { time: false }, y: { auto: true } },
      series: [
        {
          label: axisLabel(x.name, x.unit),
          value: (_u, v, _s, row) => (row === null || v === null ? "" : v.toFixed(2)),
        },
        ...series.map((s) => ({ ...seriesOptions({ ...s, values: [] }, legend), spanGaps: true })),
      ],
      axes: axes({ label: axisLabel(x.name, x.unit) }, y, undefined),
      legend: { live: true },
      cursor: { drag: { x: true, y: false } },
    }),
    [key, legend],
  );
  return (
    <Figure label={label} testId={testId}>
      <UPlotChart options={options} data={data} height={height} />
    </Figure>
  );
}

/** Bars over named categories (voyages, load bands, consumers); optionally stacked. */
export function CategoryBarChart({
  categories,
  series,
  y,
  xName,
  height = 260,
  label,
  stacked = false,
  testId,
}: {
  categories: readonly string[];
  /** Bars unless a series says 'line' or 'points' (a rolling mean, a target over the bars). */
  series: readonly ChartSeries[];
  y: Axis;
  xName: string;
  height?: number;
  label: string;
  stacked?: boolean;
  testId?: string;
}) {
  const key = shapeKey(series, [categories, y, xName, stacked]);
  const data = useMemo<uPlot.AlignedData>(() => {
    const columns = stacked
      ? stackColumns(series.map((s) => s.values)).reverse()
      : series.map((s) => s.values);
    return [categories.map((_, i) => i), ...(columns as number[][])];
  }, [categories, series, stacked]);
  const ownColumns = useMemo(
    () => (stacked ? series.map((s) => s.values).reverse() : series.map((s) => s.values)),
    [series, stacked],
  );
  const legend = useLegendText(ownColumns, "blank");
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt on the series' shape only
  const options = useMemo<Omit<uPlot.Options, "width" | "height">>(() => {
    const ordered = stacked ? [...series].reverse() : series;
    return {
      scales: {
        x: { time: false, range: (_u, _min, _max) => [-0.5, Math.max(0.5, categories.length - 0.5)] },
        // bars unless every series is a line: from zero, negative values kept (chart-data barScaleRange)
        y: series.some((s) => (s.kind ?? "bars") === "bars")
          ? { auto: true, range: (_u, min, max) => barScaleRange(min, max) }
          : { auto: true },
      },
      series: [
        {
          label: xName,
          value: (_u, v, _s, row) => (row === null || v === null ? "" : (categories[Math.round(v)] ?? "")),
        },
        ...ordered.map((s) => ({
          ...seriesOptions({ ...s, kind: s.kind ?? "bars" }, legend),
          spanGaps: true,
        })),
      ],
      axes: axes(
        {
          label: xName,
          // names that would overlap their neighbour are left out (measured in the axis' font)
          splits: (u) =>
            nonOverlappingLabels(
              categories.map(textWidthPx),
              u.bbox.width / uPlot.pxRatio / Math.max(1, categories.length),
            ),
          values: (_u, splits) => splits.map((i) => categories[i] ?? ""),
          grid: { show: false },
        },
        y,
        undefined,
      ),
      legend: { live: true },
      cursor: { drag: { x: false, y: false } },
    };
  }, [key, legend]);
  return (
    <Figure label={label} testId={testId}>
      <UPlotChart options={options} data={data} height={height} />
    </Figure>
  );
}
