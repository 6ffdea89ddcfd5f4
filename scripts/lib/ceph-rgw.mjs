// A private S3 server for tests and benches: Ceph's RADOS Gateway from Debian (ceph-mon, ceph-osd,
// radosgw; scripts/ensure-ceph.mjs installs them), as a one-node cluster on loopback — one monitor, one
// OSD keeping its objects in memory (memstore), pools of one copy, no authentication inside the cluster —
// in a temporary folder on free ports. It answers its first PUT 6–8 s after start on a loaded 2-core
// machine. A real S3 implementation, not a fake: multipart uploads, ranged GETs, presigned URLs, checksum
// and content-length rules and bucket-name validation are Ceph's own.
//
// `stopGateway()` / `startGateway()` take the S3 endpoint away and bring it back on the same port while
// the cluster (and every object it holds) stays: a store outage. `stop()` ends it all and removes the folder.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.mjs';

export const RADOSGW = '/usr/bin/radosgw';
export const CEPH_BINARIES = ['/usr/bin/ceph-mon', '/usr/bin/ceph-osd', RADOSGW, '/usr/bin/ceph', '/usr/bin/radosgw-admin', '/usr/bin/monmaptool', '/usr/bin/ceph-authtool'];
export const CEPH_PACKAGES = 'ceph-mon ceph-osd radosgw ceph-common';

/** Whether Debian's Ceph daemons and tools are installed. */
export const cephInstalled = () => CEPH_BINARIES.every((path) => existsSync(path));

// A CEPH_CONF or CEPH_ARGS left in the environment would point the tools at another cluster.
const cephEnv = () => {
  const env = { ...process.env };
  delete env.CEPH_CONF;
  delete env.CEPH_ARGS;
  return env;
};

function config({ dir, fsid, monPort, rgwPort, memstoreBytes }) {
  return `[global]
fsid = ${fsid}
mon host = v2:127.0.0.1:${monPort}
public addr = 127.0.0.1
# without it the OSD's cluster messenger binds every interface
cluster addr = 127.0.0.1
ms bind msgr1 = false
auth cluster required = none
auth service required = none
auth client required = none
auth allow insecure global id reclaim = true
# with no authentication only the crc connection mode exists; clients (radosgw) default to secure and loop on -13
ms mon client mode = crc
ms mon service mode = crc
ms mon cluster mode = crc
ms client mode = crc
ms service mode = crc
ms cluster mode = crc
run dir = ${dir}/run
crash dir = ${dir}/crash
admin socket = ${dir}/run/$name.asok
pid file = ${dir}/run/$name.pid
log file = ${dir}/log/$name.log
mon cluster log file = ${dir}/log/cluster.log
log to stderr = false
err to stderr = true
keyring = ${dir}/keyring
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
osd crush chooseleaf type = 0
mon allow pool size one = true
mon allow pool delete = true
mon max pg per osd = 1000
# map changes commit in a tenth of a second on a single throw-away monitor (default: one second)
paxos propose interval = 0.1
paxos min wait = 0.01
mon warn on pool no redundancy = false
# a nearly full disk of the machine must not stop a cluster that keeps its objects in memory
mon data avail warn = 1
mon data avail crit = 0
[mon]
mon data = ${dir}/mon.$id
mon initial members = a
[osd]
osd data = ${dir}/osd.$id
osd objectstore = memstore
memstore device bytes = ${memstoreBytes}
osd crush update on start = true
[client.rgw]
rgw data = ${dir}/rgw
rgw frontends = beast endpoint=127.0.0.1:${rgwPort}
rgw thread pool size = 64
debug rgw = 1
`;
}

function runTool(command, args, what) {
  const result = spawnSync(command, args, { encoding: 'utf8', env: cephEnv(), timeout: 60_000 });
  if (result.status !== 0) throw new Error(`${what} failed (${result.status ?? result.signal}): ${(result.stderr || result.stdout || String(result.error ?? '')).trim().slice(-2000)}`);
  return result.stdout;
}

/** A foreground daemon of the cluster; its output goes to `<dir>/log/<name>.out`. */
function daemon(command, args, dir, name) {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], env: cephEnv() });
  let said = '';
  child.stderr.on('data', (chunk) => { if (said.length < 8192) said += chunk; });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    child, exited, name,
    said: () => said + tail(join(dir, 'log', `${name}.log`)),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const late = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(late);
    },
  };
}

const tail = (file) => (existsSync(file) ? readFileSync(file, 'utf8').slice(-1500) : '');
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check, { timeoutMs, what, daemons }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    const dead = daemons.find((d) => d.child.exitCode !== null || d.child.signalCode !== null);
    if (dead) throw new Error(`${what}: ${dead.name} exited: ${dead.said().trim()}`);
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await pause(100);
  }
}

async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

// How many times a cluster is started afresh, on new ports, before giving up. The ports are picked free a few
// seconds before the monitor and the gateway bind them; an outgoing connection of the machine may take one
// meanwhile (seen once in CI: the gateway exited at start), and a second try on other ports is the cure.
const START_ATTEMPTS = 3;

/**
 * Starts the cluster and its gateway; resolves once the gateway answers and its S3 user exists.
 * @param {{ memstoreBytes?: number }} [options] the OSD's memory for objects (default 2 GiB, allocated as used)
 * @returns {Promise<{ endpoint: string, accessKey: string, secretKey: string, region: string, dir: string,
 *   stopGateway(): Promise<void>, startGateway(): Promise<void>, stop(): Promise<void> }>}
 */
export async function startCephRgw(options = {}) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(options);
    } catch (error) {
      if (attempt >= START_ATTEMPTS) throw error;
      console.error(`[ceph-rgw] start ${attempt} of ${START_ATTEMPTS} failed, trying on other ports: ${error.message.split('\n')[0]}`);
    }
  }
}

async function startOnce({ memstoreBytes = 2 * 1024 ** 3 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'bastion-ceph-'));
  for (const sub of ['mon.a', 'osd.0', 'rgw', 'run', 'log', 'crash']) mkdirSync(join(dir, sub));
  const [monPort, rgwPort] = [await freePort(), await freePort()];
  const conf = join(dir, 'ceph.conf');
  const fsid = randomUUID();
  const osdUuid = randomUUID();
  const accessKey = `BASTIONTEST${randomBytes(5).toString('hex').toUpperCase()}`;
  const secretKey = randomBytes(20).toString('hex');
  writeFileSync(conf, config({ dir, fsid, monPort, rgwPort, memstoreBytes }));
  const daemons = [];
  let gateway = null;
  const stopAll = async () => {
    process.off('exit', killOnExit);
    // The gateway first, then the OSD, then the monitor: each still has the others to say goodbye to.
    if (gateway) await gateway.stop();
    for (const d of [...daemons].reverse()) await d.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  // A test process that ends without stopping the cluster (a crash, Ctrl-C) does not leave it running.
  const killOnExit = () => { for (const d of [gateway, ...daemons]) d?.child.kill('SIGKILL'); };
  process.once('exit', killOnExit);
  const endpoint = `http://127.0.0.1:${rgwPort}`;
  const startGateway = async () => {
    gateway = daemon('radosgw', ['-c', conf, '-n', 'client.rgw', '-f'], dir, 'client.rgw');
    await waitFor(() => answers(`${endpoint}/`), { timeoutMs: 60_000, what: 'radosgw', daemons: [...daemons, gateway] });
  };
  try {
    // The keyring only satisfies mkfs: nothing inside the cluster authenticates.
    runTool('ceph-authtool', ['--create-keyring', join(dir, 'keyring'), '--gen-key', '-n', 'mon.', '--cap', 'mon', 'allow *'], 'ceph-authtool');
    runTool('ceph-authtool', [join(dir, 'keyring'), '--gen-key', '-n', 'client.admin', '--cap', 'mon', 'allow *', '--cap', 'osd', 'allow *', '--cap', 'mgr', 'allow *'], 'ceph-authtool');
    runTool('monmaptool', ['--create', '--clobber', '--fsid', fsid, '--addv', 'a', `[v2:127.0.0.1:${monPort}]`, join(dir, 'monmap')], 'monmaptool');
    runTool('ceph-mon', ['-c', conf, '--mkfs', '-i', 'a', '--monmap', join(dir, 'monmap'), '--keyring', join(dir, 'keyring')], 'ceph-mon --mkfs');
    daemons.push(daemon('ceph-mon', ['-c', conf, '-i', 'a', '-f'], dir, 'mon.a'));
    runTool('ceph', ['-c', conf, '--connect-timeout', '30', 'osd', 'new', osdUuid, '0'], 'ceph osd new');
    runTool('ceph-osd', ['-c', conf, '-i', '0', '--mkfs', '--osd-uuid', osdUuid], 'ceph-osd --mkfs');
    daemons.push(daemon('ceph-osd', ['-c', conf, '-i', '0', '-f'], dir, 'osd.0'));
    await waitFor(() => /^osd\.0 up/m.test(spawnSync('ceph', ['-c', conf, '--connect-timeout', '5', 'osd', 'dump'], { encoding: 'utf8', env: cephEnv() }).stdout ?? ''),
      { timeoutMs: 60_000, what: 'osd.0 up', daemons });
    await startGateway();
    runTool('radosgw-admin', ['-c', conf, '-n', 'client.admin', 'user', 'create', '--uid=bastion-test', '--display-name=Bastion tests',
      `--access-key=${accessKey}`, `--secret-key=${secretKey}`], 'radosgw-admin user create');
  } catch (error) {
    const logs = ['mon.a', 'osd.0', 'client.rgw'].map((name) => `--- ${name}\n${tail(join(dir, 'log', `${name}.log`))}`).join('\n');
    await stopAll();
    throw new Error(`Ceph RGW did not start: ${error.message}\n${logs}`, { cause: error });
  }
  return {
    endpoint, accessKey, secretKey, region: 'us-east-1', dir,
    stopGateway: async () => { await gateway?.stop(); gateway = null; },
    // Back on the same port: if something took it while the gateway was away, try again a moment later.
    startGateway: async () => {
      for (let attempt = 1; !gateway; attempt += 1) {
        try {
          await startGateway();
        } catch (error) {
          await gateway?.stop();
          gateway = null;
          if (attempt >= START_ATTEMPTS) throw error;
          await pause(1000);
        }
      }
    },
    stop: stopAll,
  };
}
