import { t } from '../../core/i18n/index.ts';
import type { FieldRule } from '../../core/resource/fields.ts';
import './i18n.ts';

// jumpserver-api.md §2.3: 1–4 entries `<ssh|rdp|telnet|vnc>/<port>`, no protocol twice.
const PROTOCOL = /^(ssh|rdp|telnet|vnc)\/(\d{1,5})$/;

/** What is wrong with a protocols list, said as the user can fix it; null when nothing is. */
export type ProtocolsProblem =
  | { kind: 'count' }
  | { kind: 'format'; entry: string }
  | { kind: 'port'; entry: string }
  /** `ssh/38022` beside `ssh/22`: each protocol once, with its one port. */
  | { kind: 'twice'; protocol: string };

export function protocolsProblem(value: unknown): ProtocolsProblem | null {
  const list = Array.isArray(value) ? value.map(String) : [];
  if (list.length < 1 || list.length > 4) return { kind: 'count' };
  const names = new Set<string>();
  for (const entry of list) {
    const match = PROTOCOL.exec(entry);
    if (!match) return { kind: 'format', entry };
    if (Number(match[2]) < 1 || Number(match[2]) > 65535) return { kind: 'port', entry };
    if (names.has(match[1])) return { kind: 'twice', protocol: match[1] };
    names.add(match[1]);
  }
  return null;
}

export const protocolsRule: FieldRule = (value) => {
  const problem = protocolsProblem(value);
  if (!problem) return undefined;
  switch (problem.kind) {
    case 'count':
      return t('assets.help.protocolsCount');
    case 'twice':
      return t('assets.help.protocolsTwice', { protocol: problem.protocol });
    case 'port':
      return t('assets.help.protocolsPort', { entry: problem.entry });
    default:
      return t('assets.help.protocolsInvalid', { entry: problem.entry });
  }
};
