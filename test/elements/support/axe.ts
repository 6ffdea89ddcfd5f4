// axe-core in a frame of the built console: the violations of a page state, and a tally of what was
// checked (states, and violations by impact) that the suites print, so a run says how much it saw.
interface AxeNode {
  target: unknown[];
  html: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: AxeNode[];
}
interface Axe {
  run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }>;
}

/** The impacts that fail the budget. */
export const BUDGET = ['critical', 'serious'];

export class Tally {
  states = 0;
  byImpact: Record<string, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  failures: string[] = [];

  /** One line for the run's output. */
  toString(): string {
    return `[axe] ${this.states} states; violations (nodes) critical ${this.byImpact.critical}, serious ${this.byImpact.serious}, moderate ${this.byImpact.moderate}, minor ${this.byImpact.minor}`;
  }
}

/** Runs axe on `win`'s document, adds it to `tally`, and returns its critical and serious findings as lines. */
export async function check(win: Window & { axe?: Axe }, where: string, tally: Tally): Promise<string[]> {
  const doc = win.document;
  if (!win.axe) {
    const script = doc.createElement('script');
    script.src = '/node_modules/axe-core/axe.min.js';
    const loaded = new Promise((resolve, reject) => {
      script.onload = resolve;
      script.onerror = reject;
    });
    doc.head.append(script);
    await loaded;
  }
  const result = await win.axe!.run(doc, { resultTypes: ['violations'] });
  tally.states += 1;
  for (const violation of result.violations)
    tally.byImpact[violation.impact ?? 'minor'] =
      (tally.byImpact[violation.impact ?? 'minor'] ?? 0) + violation.nodes.length;
  const lines = result.violations
    .filter((v) => BUDGET.includes(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map((node) => `${where}: ${v.impact} ${v.id}: ${JSON.stringify(node.target)} ${node.html.slice(0, 140)}`),
    );
  tally.failures.push(...lines);
  return lines;
}
