// Valid bodies for the contract suite (resources' `sample()`): each call makes fresh names, and the
// dependencies a body points at (nodes, labels, domains) are inserted straight into the sample's org.
import type { DB } from '../core/db/open.ts';
import type { SampleArgs, Samples } from '../engine/types.ts';
import { isoAt } from '../core/lib/time.ts';
import { createChild } from './node-tree.ts';
import { orgRoot } from './node-store.ts';
import { insertFixtureAsset } from './asset-store.ts';
import { putAssetOnNode } from './node-asset-store.ts';
import { insertFixtureDomain } from './domain-store.ts';
import { insertFixtureLabel } from './label-store.ts';

/** The org_id stored for an org id as the API names it ('DEFAULT' is stored as ''). */
const stored = (orgId: string) => (orgId === 'DEFAULT' ? '' : orgId);

export function fixtureNode(db: DB, orgId: string, name: string): string {
  return createChild(db, orgRoot(db, stored(orgId)), name, Date.now()).id;
}

export function fixtureLabel(db: DB, orgId: string, name: string, value: string): string {
  return insertFixtureLabel(db, name, value, stored(orgId), isoAt(Date.now()));
}

export function fixtureDomain(db: DB, orgId: string, name: string): string {
  return insertFixtureDomain(db, name, stored(orgId), isoAt(Date.now()));
}

export function fixtureAsset(db: DB, orgId: string, hostname: string): string {
  const id = insertFixtureAsset(db, hostname, stored(orgId), isoAt(Date.now()));
  putAssetOnNode(db, id, orgRoot(db, stored(orgId)).id, false);
  return id;
}

export function assetSample({ db, orgId, seq }: SampleArgs): Samples {
  const node = fixtureNode(db, orgId, `Sample asset node ${seq}`);
  const label = fixtureLabel(db, orgId, `sample-env-${seq}`, 'test');
  return {
    create: [0, 1].map((i) => ({
      hostname: `sample-host-${seq}-${i}`,
      ip: `127.50.0.${(seq % 200) + i}`,
      platform: i ? 'Windows' : 'Linux',
      protocols: i ? ['rdp/3389', 'ssh/22'] : ['ssh/22'],
      nodes: [node],
      labels: [label],
      comment: `sample ${seq}`,
    })),
    update: { comment: `updated ${seq}`, is_active: false, protocols: ['ssh/2222'] },
  };
}

export function domainSample({ db, orgId, seq }: SampleArgs): Samples {
  const asset = fixtureAsset(db, orgId, `domain-sample-${seq}`);
  return {
    create: [0, 1].map((i) => ({
      name: `Sample domain ${seq}-${i}`,
      comment: `sample ${seq}`,
      assets: i ? [asset] : [],
    })),
    update: { comment: `updated ${seq}` },
  };
}

export function gatewaySample({ db, orgId, seq }: SampleArgs): Samples {
  const domain = fixtureDomain(db, orgId, `Gateway domain ${seq}`);
  return {
    create: [0, 1].map((i) => ({
      name: `Sample gateway ${seq}-${i}`,
      ip: `127.50.1.${i + 1}`,
      port: 22 + i,
      username: 'jump',
      password: 'Sample-pass-1',
      domain,
      comment: `sample ${seq}`,
    })),
    update: { comment: `updated ${seq}`, port: 2222, is_active: false },
  };
}
