/**
 * Charts drawn as PDF vector paths (lines, dots, bars): sharp at any zoom, a few bytes per point, no
 * raster and no browser. The series are the Analysis Center sections' own columnar answers (t in epoch
 * seconds, `null` a gap), plotted as the screen plots them.
 */
import { extentOf } from "../../../domain/performance/statistics";
import { breakGaps } from "../../../domain/records/series-gaps";
import { CONTENT_WIDTH, ensureSpace, INK, PAGE, type Pdf } from "./pdf-document";

export const CHART_COLOURS = ["#1d4ed8", "#dc2626", "#059669", "#d97706", "#7c3aed", "#0891b2"] as const;

export type ChartSeries = {
  label: string;
  x: readonly number[];
  y: readonly (number | null)[];
  colour: string;
  /** 'line' (default): joined, broken at nulls; 'dots': one dot per point; 'dashed': a dashed line. */
  style?: "line" | "dots" | "dashed";
};

export type ChartOptions = {
  title: string;
  yLabel: string;
  /** 'time': x is epoch seconds, labelled as dates; 'number': labelled as numbers with `xLabel`. */
  xKind: "time" | "number";
  xLabel?: string;
  height?: number;
};

/** 'Nice' tick step (1, 2 or 5 × 10ⁿ) giving about `count` ticks over the span. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0)) return 1;
  const raw = span / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const norm = raw / mag;
  return (norm < 1.5 ? 1 : norm < 3.5 ? 2 : norm < 7.5 ? 5 : 10) * mag;
}

const tickLabel = (v: number, step: number) => v.toFixed(Math.max(0, -Math.floor(Math.log10(step))));
const dateLabel = (s: number) => new Date(s * 1000).toISOString().slice(5, 10);

type Frame = {
  x0: number;
  y0: number;
  w: number;
  h: number;
  sx: (v: number) => number;
  sy: (v: number) => number;
};

/** Axes, grid and tick labels; returns the scales. */
function frame(doc: Pdf, o: ChartOptions, xs: [number, number], ys: [number, number], top: number): Frame {
  const height = o.height ?? 170;
  const x0 = PAGE.margin + 42;
  const w = CONTENT_WIDTH - 50;
  const h = height - 50;
  const y0 = top + 16;
  const step = niceStep(ys[1] - ys[0], 5);
  const yLo = Math.floor(ys[0] / step) * step;
  const yHi = Math.max(Math.ceil(ys[1] / step) * step, yLo + step);
  const xSpan = xs[1] - xs[0] || 1;
  const sx = (v: number) => x0 + ((v - xs[0]) / xSpan) * w;
  const sy = (v: number) => y0 + h - ((v - yLo) / (yHi - yLo)) * h;
  doc
    .font("bold")
    .fontSize(9)
    .fillColor(INK.text)
    .text(`${o.title} (${o.yLabel})`, PAGE.margin, top, { lineBreak: false });
  doc.font("body").fontSize(7).fillColor(INK.muted);
  for (let v = yLo; v <= yHi + step / 2; v += step) {
    doc
      .moveTo(x0, sy(v))
      .lineTo(x0 + w, sy(v))
      .lineWidth(0.3)
      .strokeColor(INK.rule)
      .stroke();
    doc.text(tickLabel(v, step), PAGE.margin, sy(v) - 3, { width: 38, align: "right", lineBreak: false });
  }
  const xStep = o.xKind === "time" ? niceStep(xSpan / 86_400, 6) * 86_400 : niceStep(xSpan, 6);
  for (let v = Math.ceil(xs[0] / xStep) * xStep; v <= xs[1]; v += xStep)
    doc.text(o.xKind === "time" ? dateLabel(v) : tickLabel(v, xStep), sx(v) - 20, y0 + h + 3, {
      width: 40,
      align: "center",
      lineBreak: false,
    });
  if (o.xLabel)
    doc.text(o.xLabel, x0 + w - 120, y0 + h + 12, { width: 120, align: "right", lineBreak: false });
  doc.rect(x0, y0, w, h).lineWidth(0.5).strokeColor(INK.muted).stroke();
  return { x0, y0, w, h, sx, sy };
}

function legend(doc: Pdf, f: Frame, items: readonly { label: string; colour: string }[]): void {
  let x = f.x0;
  const y = f.y0 + f.h + 22;
  doc.font("body").fontSize(7);
  for (const it of items) {
    doc
      .rect(x, y + 1, 8, 5)
      .fillColor(it.colour)
      .fill();
    doc.fillColor(INK.text).text(it.label, x + 11, y, { lineBreak: false });
    x += 16 + doc.widthOfString(it.label);
  }
  doc.fillColor(INK.text);
}

/** A line/dot chart, or the sentence saying there is nothing to plot. */
export function lineChart(
  doc: Pdf,
  o: ChartOptions,
  series: readonly ChartSeries[],
  emptyText: string,
): void {
  const xs = extentOf(series.flatMap((s) => s.x.filter((_, i) => s.y[i] !== null && s.y[i] !== undefined)));
  const ys = extentOf(series.flatMap((s) => s.y));
  const height = o.height ?? 170;
  ensureSpace(doc, height + 10);
  const top = doc.y;
  if (xs === null || ys === null) {
    doc.font("bold").fontSize(9).text(o.title, PAGE.margin, top);
    doc.font("body").fillColor(INK.muted).text(emptyText).fillColor(INK.text).moveDown(0.5);
    return;
  }
  const f = frame(doc, o, xs, ys, top);
  for (const s of series) {
    doc
      .lineWidth(s.style === "dots" ? 0 : 1)
      .strokeColor(s.colour)
      .fillColor(s.colour);
    if (s.style === "dots") {
      s.x.forEach((x, i) => {
        const y = s.y[i];
        if (y !== null && y !== undefined) doc.circle(f.sx(x), f.sy(y), 1.2).fill();
      });
      continue;
    }
    if (s.style === "dashed") doc.dash(3, { space: 2 });
    // over time, a line breaks where the data does (a port stay), as the screen's charts draw it
    const drawn = o.xKind === "time" ? breakGaps(s.x, [s.y]) : { times: s.x, columns: [s.y] };
    const values = drawn.columns[0]!;
    let open = false;
    drawn.times.forEach((x, i) => {
      const y = values[i];
      if (y === null || y === undefined) open = false;
      else if (open) doc.lineTo(f.sx(x), f.sy(y));
      else {
        doc.moveTo(f.sx(x), f.sy(y));
        open = true;
      }
    });
    doc.stroke().undash();
  }
  legend(doc, f, series);
  doc.x = PAGE.margin;
  doc.y = top + height + 6;
}

/** Bars stacked per x (one stack per day or week), one colour per part. */
export function stackedBarChart(
  doc: Pdf,
  o: ChartOptions,
  x: readonly number[],
  parts: readonly { label: string; values: readonly number[]; colour: string }[],
  emptyText: string,
): void {
  const totals = x.map((_, i) => parts.reduce((a, p) => a + (p.values[i] ?? 0), 0));
  const height = o.height ?? 170;
  ensureSpace(doc, height + 10);
  const top = doc.y;
  if (x.length === 0 || !totals.some((t) => t > 0)) {
    doc.font("bold").fontSize(9).text(o.title, PAGE.margin, top);
    doc.font("body").fillColor(INK.muted).text(emptyText).fillColor(INK.text).moveDown(0.5);
    return;
  }
  const gap = x.length > 1 ? Math.min(...x.slice(1).map((v, i) => v - x[i]!)) : 86_400;
  const f = frame(doc, o, [x[0]!, x[x.length - 1]! + gap], [0, Math.max(...totals)], top);
  const barW = Math.max(0.5, (f.w / x.length) * 0.8);
  x.forEach((t, i) => {
    let base = 0;
    for (const p of parts) {
      const v = p.values[i] ?? 0;
      if (v <= 0) continue;
      const yTop = f.sy(base + v);
      doc
        .rect(f.sx(t), yTop, barW, f.sy(base) - yTop)
        .fillColor(p.colour)
        .fill();
      base += v;
    }
  });
  legend(doc, f, parts);
  doc.x = PAGE.margin;
  doc.y = top + height + 6;
}
