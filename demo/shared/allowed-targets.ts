// The outbound allow-list: every connection the server (task runner, gateway checks) or the terminal
// component opens to an asset or gateway goes through `resolveAllowed` first. The networks come from
// env BASTION_ALLOWED_TARGETS (comma-separated CIDRs); unset means any address, as a real deployment
// expects. A refused target never gets a socket: the check runs before anything connects, and callers
// connect to the checked address itself, so a name cannot resolve differently a second time.
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

export const ALLOWED_TARGETS_ENV = 'BASTION_ALLOWED_TARGETS';

/** How names are resolved; tests give a fixed table instead of asking DNS. */
export type Lookup = (host: string) => Promise<{ address: string; family: number }[]>;

const systemLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });

export interface TargetPolicy {
  /** True when no list is configured: every address may be reached. */
  readonly unrestricted: boolean;
  /** The networks as configured, for messages ("127.0.0.0/8"). */
  readonly networks: string[];
  allows(address: string): boolean;
  readonly lookup: Lookup;
}

/** Thrown (before any socket exists) for a target outside the list; the message says why. */
export class TargetRefusedError extends Error {
  constructor(
    readonly host: string,
    readonly addresses: string[],
    readonly networks: string[],
  ) {
    const resolved = addresses.length && addresses[0] !== host ? ` (resolves to ${addresses.join(', ')})` : '';
    super(
      `Refused by the allow-list: ${host}${resolved} is outside the allowed target networks (${networks.join(', ')})`,
    );
    this.name = 'TargetRefusedError';
  }
}

/** `::ffff:10.0.0.1` is the IPv4 address 10.0.0.1 for every purpose here. */
function normalise(address: string): { address: string; type: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1], type: 'ipv4' };
  return { address, type: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

/**
 * Parses the env value. Empty or unset → unrestricted. A malformed entry throws, so a typo stops the
 * server at start instead of silently allowing (or refusing) everything.
 */
export function parseAllowedTargets(spec: string | undefined, lookup: Lookup = systemLookup): TargetPolicy {
  const networks = (spec ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const list = new BlockList();
  for (const network of networks) {
    const [address, prefixText, extra] = network.split('/');
    const family = isIP(address);
    const maxPrefix = family === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? maxPrefix : Number(prefixText);
    if (!family || extra !== undefined || !/^\d+$/.test(prefixText ?? String(maxPrefix)) || prefix > maxPrefix) {
      throw new Error(
        `${ALLOWED_TARGETS_ENV}: "${network}" is not a network in CIDR form (e.g. 127.0.0.0/8 or ::1/128)`,
      );
    }
    list.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
  return {
    unrestricted: networks.length === 0,
    networks,
    lookup,
    allows(address) {
      if (networks.length === 0) return true;
      if (!isIP(address)) return false;
      const { address: plain, type } = normalise(address);
      return list.check(plain, type);
    },
  };
}

/**
 * The address to connect to for `host`: the literal itself when it is an IP, else the first resolved
 * address the list allows. Throws TargetRefusedError when nothing allowed remains; a name that does
 * not resolve rejects with the resolver's error (ENOTFOUND), as a connect would have.
 */
export async function resolveAllowed(host: string, policy: TargetPolicy): Promise<string> {
  if (policy.unrestricted) return host;
  if (isIP(host)) {
    if (policy.allows(host)) return host;
    throw new TargetRefusedError(host, [host], policy.networks);
  }
  const addresses = (await policy.lookup(host)).map((entry) => entry.address);
  // A name that also resolves inside the list is reached at that address only; the others are never tried.
  const allowed = addresses.find((address) => policy.allows(address));
  if (allowed) return allowed;
  throw new TargetRefusedError(host, addresses, policy.networks);
}
