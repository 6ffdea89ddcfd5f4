// Plain, aligned text tables: numbers right-aligned, text left-aligned.
export function formatTable(headers, rows) {
  const cells = [headers, ...rows].map((row) => row.map((c) => String(c)));
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => row[i]?.length ?? 0)));
  const numeric = headers.map(
    (_, i) =>
      rows.length > 0 && rows.every((r) => r[i] === '' || typeof r[i] === 'number' || /^[\d.]+ KB$/.test(String(r[i]))),
  );
  const line = (row) =>
    row
      .map((c, i) => (numeric[i] ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(cells[0]), line(widths.map((w) => '-'.repeat(w))), ...cells.slice(1).map(line)].join('\n');
}
