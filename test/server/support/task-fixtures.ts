// Rows that point the server's asset tables at the test sshd, and a log reader that follows the
// task log endpoint's marks like the console does.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../demo/server/app.ts';
import { uuid } from '../../../demo/server/core/lib/ids.ts';
import { seal } from '../../../demo/server/core/secrets/vault.ts';
import { bearer, PASSWORD } from '../helpers.ts';
import type { TestSshd } from './sshd.ts';

const NOW = '2024-01-15T08:30:00.000Z';

type Credentials = { username?: string; password?: string; private_key?: string };

export function insertAdminUser(app: FastifyInstance, creds: Credentials, orgId = ''): string {
  const id = uuid();
  app.bastion.db
    .prepare(
      `INSERT INTO admin_users (id, name, username, password, private_key, org_id, date_created, date_updated)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      `admin-${id.slice(0, 8)}`,
      creds.username ?? '',
      seal(app.bastion.db, creds.password ?? ''),
      seal(app.bastion.db, creds.private_key ?? ''),
      orgId,
      NOW,
      NOW,
    );
  return id;
}

export interface AssetSpec {
  port: number;
  adminUser: string | null;
  orgId?: string;
  domain?: string;
  hostname?: string;
  ip?: string;
}

export function insertAsset(app: FastifyInstance, spec: AssetSpec): string {
  const id = uuid();
  app.bastion.db
    .prepare(
      `INSERT INTO assets (id, hostname, ip, protocols, port, admin_user, domain, org_id, date_created)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      spec.hostname ?? `host-${id.slice(0, 8)}`,
      spec.ip ?? '127.0.0.1',
      `ssh/${spec.port} rdp/3389`,
      spec.port,
      spec.adminUser,
      spec.domain ?? null,
      spec.orgId ?? '',
      NOW,
    );
  return id;
}

/** A domain whose one active gateway is the test sshd (with `password`, default the right one). */
export function insertDomainWithGateway(
  app: FastifyInstance,
  sshd: TestSshd,
  password = sshd.password,
  orgId = '',
): { domain: string; gateway: string } {
  const domain = uuid();
  const gateway = uuid();
  const db = app.bastion.db;
  db.prepare('INSERT INTO domains (id, name, org_id, date_created) VALUES (?, ?, ?, ?)').run(
    domain,
    `dom-${domain.slice(0, 8)}`,
    orgId,
    NOW,
  );
  db.prepare(
    `INSERT INTO gateways (id, name, ip, port, username, password, domain, org_id, date_created, date_updated)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    gateway,
    `gw-${gateway.slice(0, 8)}`,
    sshd.host,
    sshd.port,
    sshd.username,
    seal(db, password),
    domain,
    orgId,
    NOW,
    NOW,
  );
  return { domain, gateway };
}

export function assetRow(app: FastifyInstance, id: string): Record<string, unknown> {
  return app.bastion.db.prepare('SELECT * FROM assets WHERE id = ?').get(id) as Record<string, unknown>;
}

export interface LogRead {
  data: string;
  end?: boolean;
  mark?: string;
}

export async function readLog(
  app: FastifyInstance,
  headers: Record<string, string>,
  task: string,
  mark?: string,
): Promise<LogRead> {
  const query = mark === undefined ? '' : `?mark=${encodeURIComponent(mark)}`;
  const response = await app.inject({ method: 'GET', url: `/api/v1/ops/celery/task/${task}/log/${query}`, headers });
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
}

/** The runner's colours (SGR) taken out, for tests that read the words of a log. */
export const withoutTones = (text: string): string => text.replace(/\x1b\[\d+m/g, '');

/**
 * Polls the log with the returned marks until `end: true`; returns every chunk (bounded wait), with
 * the runner's colours taken out unless `raw`.
 */
export async function followLog(
  app: FastifyInstance,
  headers: Record<string, string>,
  task: string,
  limitMs = 20_000,
  raw = false,
): Promise<string[]> {
  const chunks: string[] = [];
  let mark: string | undefined;
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    const read = await readLog(app, headers, task, mark);
    if (read.mark !== undefined) {
      chunks.push(raw ? read.data : withoutTones(read.data));
      mark = read.mark;
    }
    if (read.end) return chunks;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  assert.fail(`task ${task} did not end within ${limitMs} ms; log so far:\n${chunks.join('')}`);
}

export async function taskResult(
  app: FastifyInstance,
  headers: Record<string, string>,
  task: string,
): Promise<{ id: string; state: string; result: any }> {
  const response = await app.inject({ method: 'GET', url: `/api/v1/ops/celery/task/${task}/result/`, headers });
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
}

/** A TCP port that accepts connections and never answers: SSH there can only time out. */
export async function startSilentServer(): Promise<{ port: number; close: () => void }> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

/**
 * For shutdown tests: a host that never answers SSH, and an app on a scratch database that the test
 * closes itself. `closeAndReopen` asserts the close is quick, then opens the same file again.
 */
export async function shutdownScenario(t: TestContext) {
  const silent = await startSilentServer();
  const dir = mkdtempSync(join(tmpdir(), 'bastion-test-'));
  t.after(() => {
    silent.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const dbFile = join(dir, 'test.sqlite3');
  const app = await buildApp({ dbFile, demoPassword: PASSWORD, sshTimeoutMs: 30_000, allowedTargets: '127.0.0.0/8' });
  const headers = await bearer(app, 'admin');
  const closeAndReopen = async () => {
    const closing = Date.now();
    await app.close();
    assert.ok(Date.now() - closing < 2000, `close took ${Date.now() - closing} ms`);
    const again = await buildApp({ dbFile, demoPassword: PASSWORD, allowedTargets: '127.0.0.0/8' });
    t.after(() => again.close());
    return { again, adminHeaders: await bearer(again, 'admin') };
  };
  return { silentPort: silent.port, app, headers, closeAndReopen };
}
