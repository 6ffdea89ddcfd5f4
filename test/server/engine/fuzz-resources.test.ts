// Fuzz suite over every resource definition (RESOURCES plus the ones the assets section registers
// itself): hostile list queries, bodies and field values must never answer 5xx, and a refused write
// must leave the table as it was. A new definition in RESOURCES joins automatically.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import type { ResourceDef, Row } from '../../../demo/server/engine/types.ts';
import { cmdFilterRulesResource } from '../../../demo/server/assets/resources/cmd-filter-rules.ts';
import { cmdFiltersResource } from '../../../demo/server/assets/resources/cmd-filters.ts';
import { RESOURCES } from '../../../demo/server/resources.ts';
import { terminalSessionsResource } from '../../../demo/server/terminal/resources/terminal-sessions.ts';
import { platformsResource } from '../../../demo/server/assets/resources/platforms.ts';
import { assetUserAuthInfosResource, assetUsersResource } from '../../../demo/server/assets/resources/asset-users.ts';
import { gatheredUsersResource } from '../../../demo/server/assets/resources/gathered-users.ts';
import { AUDIT_RESOURCES } from '../../../demo/server/audits/routes.ts';
import { commandExecutionsResource } from '../../../demo/server/ops/command-executions.ts';
import { OPS_RESOURCES } from '../../../demo/server/ops/resources.ts';
import { TICKET_RESOURCES } from '../../../demo/server/tickets/routes.ts';
import { fixture, type Fixture } from './contract-helpers.ts';
import { ANY_FIELD, BODIES, fieldValues, hostileQueries, checksumOf } from './fuzz-corpus.ts';

const BAD_IDS = ['a\u0000b', 'x'.repeat(5_000), '-1', '99999999999999999999999', '%', 'not-a-uuid'];
const ALL_ACTIONS = ['list', 'retrieve', 'create', 'update', 'delete'] as const;

/**
 * Sends one request and notes a failure when it answers 5xx or, refused, changed the definition's
 * table. Failures are collected so one run shows all of them.
 */
async function probe(
  failures: string[],
  checksum: () => string,
  what: string,
  send: () => Promise<LightMyRequestResponse>,
): Promise<void> {
  const before = checksum();
  const response = await send();
  if (response.statusCode >= 500)
    failures.push(`${what} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
  else if (response.statusCode >= 400 && checksum() !== before)
    failures.push(`${what} was refused (${response.statusCode}) but wrote`);
}

const short = (value: unknown) => JSON.stringify(value)?.slice(0, 40) ?? String(value);

function fuzzResource(base: ResourceDef, prepare?: (f: Fixture) => Promise<ResourceDef>) {
  const offers = (action: (typeof ALL_ACTIONS)[number]) => (base.actions ?? ALL_ACTIONS).includes(action);
  test(`${base.name}: hostile queries, bodies and values never answer 5xx nor write on refusal`, async (t) => {
    const f = await fixture(t, base);
    const def = prepare ? await prepare(f) : base;
    const failures: string[] = [];
    const checksum = checksumOf(f.app.bastion.db, () => [def.table]);
    const json = { 'content-type': 'application/json' };
    const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => () =>
      f.call(
        method,
        url,
        payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
        { headers: json },
      );
    let seq = 0;
    const sampleBody = () => def.sample({ db: f.app.bastion.db, orgId: f.eng, seq: ++seq }).create[0];
    // Records only a terminal writes (sessions, FTP rows): the admin's create is refused like every other write below.
    const made =
      offers('create') && !def.createIgnoresBody && f.may('admin', 'create')
        ? await f.call('POST', def.url, sampleBody())
        : null;
    assert.ok(!made || made.statusCode === 201, `${def.name}: sample create ${made?.body}`);
    const detail = made ? `${def.url}${(made.json() as Row).id}/` : null;

    if (offers('list')) {
      for (const query of hostileQueries(def)) {
        await probe(failures, checksum, `GET ?${query.slice(0, 60)}`, send('GET', `${def.url}?${query}`));
      }
      await probe(
        failures,
        checksum,
        'CSV export with a huge limit',
        send('GET', `${def.url}?format=csv&limit=1e30&search=%00`),
      );
    }
    for (const id of BAD_IDS) {
      const url = `${def.url}${encodeURIComponent(id)}/`;
      for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const)
        await probe(
          failures,
          checksum,
          `${method} detail ${short(id)}`,
          send(method, url, method === 'GET' || method === 'DELETE' ? undefined : {}),
        );
    }
    const writable = Object.entries(def.fields)
      .filter(([, field]) => !field.read_only)
      .map(([name]) => name);
    if (offers('create')) {
      for (const body of BODIES)
        await probe(failures, checksum, `POST ${body.name}`, send('POST', def.url, body.payload));
      for (const name of writable) {
        // Creates get the common corpus (an accepted user create hashes a password); updates get every value.
        for (const value of ANY_FIELD) {
          const body: Row = { ...sampleBody(), [name]: value };
          await probe(failures, checksum, `POST ${name}=${short(value)}`, send('POST', def.url, body));
        }
      }
    }
    if (offers('update') && detail) {
      for (const body of BODIES) await probe(failures, checksum, `PUT ${body.name}`, send('PUT', detail, body.payload));
      for (const name of writable) {
        for (const value of fieldValues(def.fields[name]))
          await probe(failures, checksum, `PATCH ${name}=${short(value)}`, send('PATCH', detail, { [name]: value }));
      }
    }
    if (def.bulk) {
      for (const method of ['POST', 'PUT', 'PATCH'] as const) {
        for (const body of BODIES)
          await probe(failures, checksum, `bulk ${method} ${body.name}`, send(method, def.url, body.payload));
        await probe(
          failures,
          checksum,
          `bulk ${method} hostile ids`,
          send(
            method,
            def.url,
            BAD_IDS.map((id) => ({ id })),
          ),
        );
      }
      for (const query of [
        `spm=${'x'.repeat(5000)}`,
        'spm=%00',
        'ids=%00',
        `ids=${Array.from({ length: 40_000 }, (_, i) => `id${i}`).join(',')}`,
        'id=a&id=b',
      ]) {
        await probe(failures, checksum, `bulk DELETE ?${query.slice(0, 40)}`, send('DELETE', `${def.url}?${query}`));
      }
    }
    assert.deepEqual(failures, [], `${def.name}: ${failures.length} failures`);
  });
}

for (const def of RESOURCES) fuzzResource(def);
fuzzResource(platformsResource);
// The Assets section's read-only views (nothing to create): hostile queries, ids and deletes.
fuzzResource(assetUsersResource);
fuzzResource(assetUserAuthInfosResource);
fuzzResource(gatheredUsersResource);
// The audit lists (list-only; FTP logs also take a terminal's POST) and the sessions terminals record.
for (const def of AUDIT_RESOURCES) fuzzResource(def);
fuzzResource(terminalSessionsResource);
// The job center's lists and the caller's own batch commands (their POST is fuzzed with the extra routes).
for (const def of [...OPS_RESOURCES, commandExecutionsResource]) fuzzResource(def);
// The two ticket lists (requests are created and patched; tickets/ is patched only).
for (const def of TICKET_RESOURCES) fuzzResource(def);
// Rules live under one filter's URL: fuzz them under a real filter of the org.
fuzzResource(cmdFilterRulesResource, async (f) => {
  const body = cmdFiltersResource.sample({ db: f.app.bastion.db, orgId: f.eng, seq: 1 }).create[0];
  const filter = String(((await f.call('POST', cmdFiltersResource.url, body)).json() as Row).id);
  const sample: ResourceDef['sample'] = (args) => {
    const samples = cmdFilterRulesResource.sample(args);
    return { ...samples, create: samples.create.map((rule) => ({ ...rule, filter })) };
  };
  return { ...cmdFilterRulesResource, url: cmdFilterRulesResource.url.replace(':filter_id', filter), sample };
});
