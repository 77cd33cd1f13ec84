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

/**
 * A uPlot plugin that draws each marker inside the plot area as a vertical line with its label; markers outside
 * the visible x range are skipped. Labels that would overlap the previous one drop a line lower, so events a few
 * days apart stay readable.
 */
export function timeMarkersPlugin(markers: readonly TimeMarker[]): uPlot.Plugin {
  return {
    hooks: {
      draw: [
        (u) => {
          const { ctx } = u;
          const { left, top, width, height } = u.bbox;
          const ratio = devicePixelRatio || 1;
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
