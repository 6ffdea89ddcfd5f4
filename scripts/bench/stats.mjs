// Percentiles and rounding shared by every timed bench section.

/** The p-th percentile of an ascending array (nearest rank). */
export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const ms = (value) => Number(value.toFixed(2));

/** 'yes' / 'NO' against a budget, so a missed budget stands out in the printed table. */
export const within = (value, budget) => (value <= budget ? 'yes' : 'NO');
