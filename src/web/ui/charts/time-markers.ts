import type uPlot from "uplot";
import { AXIS_STYLE } from "./chart-theme";

/** A dated event drawn as a vertical line across a time chart (a hull cleaning, a dry-docking...). */
export type TimeMarker = {
  /** Epoch seconds (UTC), on the chart's x scale. */
  t: number;
  /** Short text written beside the line's top. */
  label: string;
  color: string;
  /** Dashed for an event that is only planned. */
  dashed?: boolean;
};

/** A straight line between two points of a time chart on its left y scale (a fitted trend over an interval). */
export type TimeSegment = {
  /** Epoch seconds (UTC) and value at each end. */
  t0: number;
  v0: number;
  t1: number;
  v1: number;
  color: string;
};

/**
 * Draws fitted lines as straight segments between their ends, whatever days the data has between them (a
 * series drawn through the data's own days would break at every gap in the records).
 */
function drawSegments(u: uPlot, segments: readonly TimeSegment[], ratio: number) {
  const { ctx } = u;
  const { left, top, width, height } = u.bbox;
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, width, height);
  ctx.clip();
  ctx.lineWidth = 2.5 * ratio;
  ctx.setLineDash([]);
  for (const s of segments) {
    ctx.strokeStyle = s.color;
    ctx.beginPath();
    ctx.moveTo(u.valToPos(s.t0, "x", true), u.valToPos(s.v0, "y", true));
    ctx.lineTo(u.valToPos(s.t1, "x", true), u.valToPos(s.v1, "y", true));
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * A uPlot plugin that draws fitted segments, then each marker inside the plot area as a vertical line with its label; markers outside
 * the visible x range are skipped. Labels that would overlap the previous one drop a line lower, so events a few
 * days apart stay readable.
 */
export function timeOverlaysPlugin(
  markers: readonly TimeMarker[],
  segments: readonly TimeSegment[] = [],
): uPlot.Plugin {
  return {
    hooks: {
      draw: [
        (u) => {
          const { ctx } = u;
          const { left, top, width, height } = u.bbox;
          const ratio = devicePixelRatio || 1;
          drawSegments(u, segments, ratio);
          ctx.save();
          ctx.font = AXIS_STYLE.font.replace(/(\d+)px/, (_m, px) => `${Number(px) * ratio}px`);
          // uPlot leaves the alignment of its last axis label on the context
          ctx.textAlign = "left";
          ctx.textBaseline = "top";
          let lastRight = Number.NEGATIVE_INFINITY;
          let row = 0;
          const lineHeight = 13 * ratio;
          for (const marker of [...markers].sort((a, b) => a.t - b.t)) {
            const x = u.valToPos(marker.t, "x", true);
            if (!Number.isFinite(x) || x < left || x > left + width) continue;
            ctx.strokeStyle = marker.color;
            ctx.lineWidth = 1.5 * ratio;
            ctx.setLineDash(marker.dashed ? [4 * ratio, 4 * ratio] : []);
            ctx.beginPath();
            ctx.moveTo(x, top);
            ctx.lineTo(x, top + height);
            ctx.stroke();
            const textWidth = ctx.measureText(marker.label).width;
            // flip the label to the line's left when it would run out of the plot
            const textX =
              x + 3 * ratio + textWidth > left + width ? x - 3 * ratio - textWidth : x + 3 * ratio;
            row = textX < lastRight ? (row + 1) % 3 : 0;
            ctx.fillStyle = marker.color;
            ctx.fillText(marker.label, textX, top + 2 * ratio + row * lineHeight);
            lastRight = Math.max(lastRight, textX + textWidth + 4 * ratio);
          }
          ctx.restore();
        },
      ],
    },
  };
}
