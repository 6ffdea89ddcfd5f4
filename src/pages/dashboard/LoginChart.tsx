import { useEffect, useRef } from 'react';
import type { ChartSeries } from './login-chart.ts';

/**
 * Holds the chart's canvas. The figures also sit on the host as `data-series` (one comma list per series),
 * so what was drawn can be read back without reading pixels.
 */
export function LoginChart({ days, series, dayLabel }: { days: string[]; series: ChartSeries[]; dayLabel: string }) {
  const host = useRef<HTMLDivElement>(null);
  const key = JSON.stringify([days, series, dayLabel]);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let disposed = false;
    let dispose: (() => void) | null = null;
    void import('./login-chart.ts')
      .then(({ drawLoginChart }) => drawLoginChart(element, days, series, dayLabel))
      .then((chart) => {
        if (disposed) chart.dispose();
        else {
          dispose = chart.dispose;
          element.dataset.state = 'drawn';
        }
      });
    return () => {
      disposed = true;
      dispose?.();
      delete element.dataset.state;
    };
    // `key` stands for days, series and the label: a new answer with the same figures draws nothing new.
  }, [key]);
  return (
    <div
      className="logins-chart"
      ref={host}
      data-days={days.join(',')}
      data-series={series.map((s) => s.values.join(',')).join(';')}
    />
  );
}
