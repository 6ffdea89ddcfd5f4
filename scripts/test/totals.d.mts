export interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}
export function emptyTotals(): Totals;
export function parseNodeTestTotals(output: string): Totals | null;
export function countStoppedNodeTests(output: string): Totals;
export function addTotals(a: Totals, b: Totals): Totals;
export function formatTotals(totals: Totals): string;
