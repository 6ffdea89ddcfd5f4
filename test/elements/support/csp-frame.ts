// A page in an iframe of the test page, with the Content-Security-Policy violations it reports.
import { waitFor } from '../../helpers/dom.ts';

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

/**
 * Loads `url` in an iframe and collects its CSP violations: `securitypolicyviolation` events from
 * as soon as the new document exists, plus a buffered ReportingObserver for anything reported
 * before the listener could be attached (the parse of the page itself).
 */
export async function loadFrame(url: string) {
  const frame = document.createElement('iframe');
  frame.style.width = '1280px';
  frame.style.height = '800px';
  document.body.append(frame);
  const blank = frame.contentDocument;
  const violations: Violation[] = [];
  frame.src = url;
  const doc = await waitFor(
    () => (frame.contentDocument !== blank ? frame.contentDocument : null),
    10000,
    `${url} to start loading`,
  );
  doc.addEventListener('securitypolicyviolation', (e) => {
    violations.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample });
  });
  const win = frame.contentWindow as Window & typeof globalThis;
  return {
    frame,
    doc,
    /** Every violation seen, the listener's and the buffered reports', without duplicates. */
    async violations(): Promise<string[]> {
      const reported: string[] = [];
      const record = (reports: Report[]) => {
        for (const report of reports) {
          const body = report.body as unknown as { effectiveDirective: string; blockedURL: string; sample?: string };
          reported.push(`${body.effectiveDirective} ${body.blockedURL} ${body.sample ?? ''}`.trim());
        }
      };
      const observer = new win.ReportingObserver(record, { types: ['csp-violation'], buffered: true });
      observer.observe();
      await new Promise((resolve) => setTimeout(resolve, 300));
      record(observer.takeRecords());
      observer.disconnect();
      const seen = violations.map((v) => `${v.directive} ${v.blocked} ${v.sample}`.trim());
      return [...new Set([...seen, ...reported])];
    },
  };
}
