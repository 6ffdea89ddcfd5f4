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
  /** Contrast findings inside a disabled control (inDisabledControl): counted apart, not as violations. */
  exempted = 0;
  failures: string[] = [];

  /** One line for the run's output. */
  toString(): string {
    return `[axe] ${this.states} states; violations (nodes) critical ${this.byImpact.critical}, serious ${this.byImpact.serious}, moderate ${this.byImpact.moderate}, minor ${this.byImpact.minor}; exempted (disabled controls' contrast) ${this.exempted}`;
  }
}

/** Runs axe on `win`'s document, adds it to `tally`, and returns its critical and serious findings as lines. */
/**
 * Colours are judged as painted: an element still fading or scaling in (a dialog's opening takes longer on a busy
 * machine than any fixed sleep) would be judged on its half-transparent colours. Waits, at most 10 s, until no
 * finite animation of the page (shadow trees included) is running, then for one more frame. A spinner's endless
 * animation is not waited for.
 */
async function animationsSettled(win: Window): Promise<void> {
  const running = () =>
    win.document
      .getAnimations()
      .filter((animation) => animation.playState === 'running')
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
  for (const deadline = Date.now() + 10_000; running().length > 0 && Date.now() < deadline;)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => {
    win.requestAnimationFrame(() => resolve(undefined));
    setTimeout(resolve, 200);
  });
}

/**
 * WCAG 1.4.3 asks no contrast of an inactive control. axe exempts disabled controls itself, but not always one
 * whose `disabled` sits on a custom element's host above the shadow root it measured (a disabled Shoelace radio
 * in Debian's Chromium 156): such a node is followed through its target's shadow roots and exempted here when an
 * element on the way is disabled.
 */
function inDisabledControl(doc: Document, target: unknown[]): boolean {
  let root: Document | ShadowRoot | null = doc;
  // A node inside shadow roots is one entry: the selectors from the document down, one per shadow root.
  for (const selector of target.flatMap((entry) => (Array.isArray(entry) ? entry : [entry]))) {
    if (!root || typeof selector !== 'string') return false;
    const element: Element | null = root.querySelector(selector);
    if (!element) return false;
    if (element.hasAttribute('disabled') || element.getAttribute('aria-disabled') === 'true') return true;
    root = element.shadowRoot;
  }
  return false;
}

export async function check(win: Window & { axe?: Axe }, where: string, tally: Tally): Promise<string[]> {
  const doc = win.document;
  await animationsSettled(win);
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
  const lines: string[] = [];
  for (const violation of result.violations) {
    const impact = violation.impact ?? 'minor';
    const nodes = violation.nodes.filter(
      (node) => !(violation.id === 'color-contrast' && inDisabledControl(doc, node.target)),
    );
    tally.exempted += violation.nodes.length - nodes.length;
    tally.byImpact[impact] = (tally.byImpact[impact] ?? 0) + nodes.length;
    if (BUDGET.includes(impact))
      lines.push(
        ...nodes.map(
          (node) => `${where}: ${impact} ${violation.id}: ${JSON.stringify(node.target)} ${node.html.slice(0, 140)}`,
        ),
      );
  }
  tally.failures.push(...lines);
  return lines;
}
