// An asset's protocols: 1–4 entries "<ssh|rdp|telnet|vnc>/<port>", no protocol twice; stored space-joined.
import type { Localized } from '../core/lib/i18n.ts';
import { L } from '../engine/field-kit.ts';

export const PROTOCOL_PATTERN = /^(ssh|rdp|telnet|vnc)\/(\d{1,5})$/;
export const PROTOCOL_NAMES = ['ssh', 'rdp', 'telnet', 'vnc'] as const;
export const DEFAULT_PORTS: Record<string, number> = { ssh: 22, rdp: 3389, telnet: 23, vnc: 5901 };
export const DEFAULT_PROTOCOLS = ['ssh/22'];
const MIN_ITEMS = 1;
const MAX_ITEMS = 4;

const validPort = (port: number) => port >= 1 && port <= 65535;

export type ProtocolCheck =
  { ok: true; protocols: string[] } | { ok: false; error: Localized; params?: Record<string, string | number> };

export function checkProtocols(value: unknown): ProtocolCheck {
  if (!Array.isArray(value)) return { ok: false, error: L('期望为一个包含物件的列表。', 'Expected a list of items.') };
  const items = value.map((item) => String(item).trim());
  if (items.length < MIN_ITEMS)
    return {
      ok: false,
      error: L('确保该字段至少有 {n} 个元素。', 'Ensure this field has at least {n} elements.'),
      params: { n: MIN_ITEMS },
    };
  if (items.length > MAX_ITEMS)
    return {
      ok: false,
      error: L('确保该字段不超过 {n} 个元素。', 'Ensure this field has no more than {n} elements.'),
      params: { n: MAX_ITEMS },
    };
  const bad = items.find((item) => !PROTOCOL_PATTERN.test(item) || !validPort(Number(item.split('/')[1])));
  if (bad !== undefined)
    return {
      ok: false,
      error: L('协议格式应为 {protocol}/{port}: {value}', 'Protocol format should be {protocol}/{port}: {value}'),
      params: { protocol: 'protocol', port: 'port', value: bad },
    };
  const seen = new Set<string>();
  for (const item of items) {
    const name = item.split('/')[0];
    if (seen.has(name))
      return { ok: false, error: L('协议重复: {name}', 'Protocol duplicate: {name}'), params: { name } };
    seen.add(name);
  }
  return { ok: true, protocols: items };
}

/** Legacy `protocol` + `port`: when `protocols` is missing they form the first (only) entry. */
export function protocolsFromLegacy(protocol: unknown, port: unknown): string[] | null {
  if (typeof protocol !== 'string' || !protocol) return null;
  const number = port === undefined || port === null || port === '' ? DEFAULT_PORTS[protocol] : port;
  return [`${protocol}/${number}`];
}

export const firstPort = (protocols: string[]): number => Number(protocols[0]?.split('/')[1] ?? DEFAULT_PORTS.ssh);
export const firstProtocol = (protocols: string[]): string => protocols[0]?.split('/')[0] ?? 'ssh';
