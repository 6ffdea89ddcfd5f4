import type uPlot from 'uplot';
import { adoptCss } from '../../core/ui/adopt-css.ts';

// The per-day line chart. uPlot (about 20 KB gzip, canvas) is the smallest well-kept library that draws
// it; it is imported here only, so it arrives in a chunk of its own when the dashboard draws its chart.

export interface ChartSeries {
  label: string;
  color: string;
  values: number[];
}
export interface LoginChart {
  dispose: () => void;
}

const HEIGHT = 260;

/** Draws `series` over the day labels in `host` (canvas; labels are drawn, never parsed as HTML). */
export async function drawLoginChart(
  host: HTMLElement,
  days: string[],
  series: ChartSeries[],
  dayLabel: string,
): Promise<LoginChart> {
  const [{ default: UPlot }, css] = await Promise.all([
    import('uplot'),
    import('uplot/dist/uPlot.min.css').then((m) => m.default),
  ]);
  adoptCss(host, css);
  const xs = days.map((_, i) => i);
  const top = Math.max(0, ...series.flatMap((s) => s.values));
  const options: uPlot.Options = {
    width: Math.max(240, host.clientWidth || 600),
    height: HEIGHT,
    // Days are positions, not times: the axis shows each day's own "MM-DD" label.
    scales: { x: { time: false }, y: { range: () => [0, Math.max(4, Math.ceil(top * 1.1))] } },
    axes: [
      { incrs: [1, 2, 5, 10], values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? (days[v] ?? '') : '')) },
      { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000] },
    ],
    // The legend's first entry is the x series: without a label uPlot names it "Value", and it would
    // show the day's position; it reads the day label and the hovered day instead.
    series: [
      { label: dayLabel, value: (_u, v) => (v == null ? '' : (days[v] ?? '')) },
      ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, points: { size: 5 } })),
    ],
  };
  const plot = new UPlot(options, [xs, ...series.map((s) => s.values)] as uPlot.AlignedData, host);
  // The chart follows its box on the next frame: resizing inside the observer's callback changes what it
  // observes in the same frame, which the browser reports as a "ResizeObserver loop" error.
  let frame = 0;
  const resize = new ResizeObserver(() => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      const width = host.clientWidth;
      if (width > 0 && Math.abs(width - plot.width) > 1) plot.setSize({ width: Math.max(240, width), height: HEIGHT });
    });
  });
  resize.observe(host);
  return {
    dispose: () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
      plot.destroy();
    },
  };
}
