// A ring of parts (active / inactive / disabled), drawn as SVG circles with dashes: the chart library has
// no pie, and three arcs need no library. Figures are shown as text beside it.

export interface RingPart {
  key: string;
  label: string;
  value: number;
  color: string;
}

const RADIUS = 42;
const LENGTH = 2 * Math.PI * RADIUS;

export function RatioRing({ title, parts, kind }: { title: string; parts: RingPart[]; kind: string }) {
  const total = parts.reduce((sum, part) => sum + part.value, 0);
  let offset = 0;
  return (
    <section className="panel ratio-ring" data-ring={kind}>
      <h3>{title}</h3>
      <div className="ring-body">
        <svg viewBox="0 0 120 120" width="120" height="120" role="img" aria-label={title}>
          <circle cx="60" cy="60" r={RADIUS} fill="none" stroke="var(--_color-border)" strokeWidth="16" />
          {total > 0 &&
            parts
              .filter((part) => part.value > 0)
              .map((part) => {
                const length = (part.value / total) * LENGTH;
                const arc = (
                  <circle
                    key={part.key}
                    data-part={part.key}
                    cx="60"
                    cy="60"
                    r={RADIUS}
                    fill="none"
                    stroke={part.color}
                    strokeWidth="16"
                    strokeDasharray={`${length} ${LENGTH - length}`}
                    strokeDashoffset={-offset}
                    transform="rotate(-90 60 60)"
                  />
                );
                offset += length;
                return arc;
              })}
        </svg>
        <ul className="ring-legend">
          {parts.map((part) => (
            <li key={part.key} data-part={part.key}>
              <span className="swatch" style={{ background: part.color }} />
              <span className="part-label">{part.label}</span>
              <span className="part-value">{String(part.value)}</span>
              <span className="part-ratio">{total > 0 ? `${Math.round((part.value / total) * 100)}%` : '0%'}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
