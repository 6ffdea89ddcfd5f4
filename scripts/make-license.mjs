#!/usr/bin/env node
// Writes a licence file the reference server accepts (format: demo/server/license/license-format.ts and
// demo/server/README.md). The default signing key is the demo's (test/server/fixtures/license-demo-private.pem),
// for tests and the demo only; a real deployment signs with its own private key (--key) and ships the
// matching public key in demo/server/license/public-key.ts.
//
//   node scripts/make-license.mjs [--corporation ACME] [--edition Enterprise] [--asset-count 5000]
//        [--expires YYYY-MM-DD | --days 365] [--subscription-id id] [--key private.pem] [--out file]
import { createPrivateKey, randomUUID, sign } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const DEMO_PRIVATE_KEY = fileURLToPath(
  new URL('../test/server/fixtures/license-demo-private.pem', import.meta.url),
);

/** The file text for these terms, signed with the PEM private key given. */
export function makeLicense(terms, privateKeyPem = readFileSync(DEMO_PRIVATE_KEY, 'utf8')) {
  const license = JSON.stringify({
    subscription_id: terms.subscription_id ?? randomUUID(),
    corporation: terms.corporation ?? 'Bastion Demo',
    edition: terms.edition ?? 'Enterprise',
    asset_count: terms.asset_count ?? 5000,
    date_expired: terms.date_expired,
  });
  const signature = sign(null, Buffer.from(license, 'utf8'), createPrivateKey(privateKeyPem)).toString('base64');
  return Buffer.from(JSON.stringify({ license, signature }), 'utf8').toString('base64');
}

function main(argv) {
  const opts = {};
  for (let i = 0; i < argv.length; i += 2) {
    const [name, value] = [argv[i], argv[i + 1]];
    if (!name?.startsWith('--') || value === undefined)
      throw new Error(`usage: see the head of ${fileURLToPath(import.meta.url)}`);
    opts[name.slice(2)] = value;
  }
  const days = Number(opts.days ?? 365);
  const expires = opts.expires ?? new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const text = makeLicense(
    {
      subscription_id: opts['subscription-id'],
      corporation: opts.corporation,
      edition: opts.edition,
      asset_count: opts['asset-count'] === undefined ? undefined : Number(opts['asset-count']),
      date_expired: expires,
    },
    opts.key ? readFileSync(opts.key, 'utf8') : undefined,
  );
  if (opts.out) writeFileSync(opts.out, `${text}\n`);
  else process.stdout.write(`${text}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv.slice(2));
