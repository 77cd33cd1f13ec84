import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import "./charts.css";

/**
 * A uPlot canvas sized to its container's width (ResizeObserver). The chart is created when `options`
 * changes (callers memoise them on the series' shape) and only given new data otherwise, which keeps it
 * smooth with 100,000 points.
 */
export function UPlotChart({
  options,
  data,
  height,
}: {
  options: Omit<uPlot.Options, "width" | "height">;
  data: uPlot.AlignedData;
  height: number;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const dataRef = useRef(data);
  dataRef.current = data;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const width = Math.max(200, Math.floor(container.clientWidth));
    const plot = new uPlot({ ...options, width, height }, dataRef.current, container);
    plotRef.current = plot;
    const observer = new ResizeObserver((entries) => {
      const next = Math.max(200, Math.floor(entries[0]?.contentRect.width ?? width));
      if (next !== plot.width) plot.setSize({ width: next, height });
    });
    observer.observe(container);
    return () => {
      observer.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
  }, [options, height]);

  useEffect(() => {
    const plot = plotRef.current;
    if (plot && plot.data !== data) plot.setData(data);
  }, [data]);

  return <div ref={containerRef} className="w-full min-w-0" />;
}
