// One row of the command log as a terminal posts it (`POST terminal/commands/`, 2.3's fields).
export interface CommandRecord {
  user: string;
  asset: string;
  system_user: string;
  input: string;
  output: string;
  session: string;
  risk_level: 0 | 5;
  org_id: string;
  timestamp: number;
}

/** The command log's input field (2.3: 128 characters, one line). */
export const MAX_INPUT = 128;

/**
 * The rows a record takes in the command log: a multi-line or long input (a SQL statement over several
 * lines) becomes consecutive rows of at most MAX_INPUT characters, split at line breaks and then at the
 * field's size, nothing cut; blank lines are no rows. The output goes with the last row.
 */
export function commandRows(record: CommandRecord): CommandRecord[] {
  const parts: string[] = [];
  for (const line of record.input.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const chars = [...line];
    for (let at = 0; at < chars.length; at += MAX_INPUT) parts.push(chars.slice(at, at + MAX_INPUT).join(''));
  }
  if (parts.length <= 1) return [record];
  return parts.map((input, index) => ({ ...record, input, output: index === parts.length - 1 ? record.output : '' }));
}
