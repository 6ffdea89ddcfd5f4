// Load held: N door sessions opened at once (each signs in with its user's own password, opens the granted
// asset and runs COMMANDS distinct commands), beside API_RATE authenticated API reads a second, for each N of
// DOOR_LOAD_SIZES (default 50,150,300) in turn on one world (door-load-world.ts). Per N: sessions opened,
// refusals, connect time, each command recorded exactly once (the server's stored rows), the API's latency
// and the machine's load average. The budgets are the issue's for 150 sessions at once on a 2-core machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SIGN_IN_BURST, SIGN_IN_PER_SECOND } from '../../demo/server/auth/login/sign-in-rate.ts';
import { cpuWatch, type CpuSplit } from './cpu-time.ts';
import { askpassScript, visit, type VisitResult } from './door-load-client.ts';
import { ASSET, doorLoadWorld, standInNice, type DoorLoadWorld } from './door-load-world.ts';

export { standInNice };

export const COMMANDS = 5;
export const API_RATE = 20;
export const CONNECT_P95_BUDGET_MS = 5000;
export const API_P99_BUDGET_MS = 250;
/** The budgets are the issue's for this many sessions at once; larger sizes are reported, not judged. */
export const BUDGET_SESSIONS = 150;
export const DEFAULT_SIZES = [50, 150, 300];
/** What typical console pages read, in turn. */
export const API_PATHS = ['/api/v1/assets/assets/?limit=20', '/api/v1/users/users/?limit=20', '/api/v1/users/profile/'];
/** Sessions that have not reached their shell by then count as not opened. */
const CONNECT_TIMEOUT_MS = 120_000;
/**
 * Between sizes: every sign-in comes from 127.0.0.1, whose bucket (demo/server/auth/login/sign-in-rate.ts) the
 * last size emptied; each size starts with it full, as a crowd arriving at a rested door would.
 */
const REST_MS = (SIGN_IN_BURST / SIGN_IN_PER_SECOND) * 1000;

/** DOOR_LOAD_SIZES=5,10 (comma-separated session counts), else the issue's 50, 150 and 300. */
export function chosenSizes(): number[] {
  const raw = process.env.DOOR_LOAD_SIZES;
  if (!raw) return DEFAULT_SIZES;
  const sizes = raw.split(',').map((each) => Number(each.trim()));
  if (sizes.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error(`DOOR_LOAD_SIZES must be whole numbers above 0, comma-separated, not ${raw}`);
  return sizes;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * API_RATE GETs a second on a fixed schedule, whether or not earlier ones have been answered (a slow
 * server must not slow the load that measures it). Until `stop()`, which waits for those in flight.
 */
function apiLoad(world: DoorLoadWorld) {
  const latencies: number[] = [];
  const errors: string[] = [];
  const inFlight = new Set<Promise<void>>();
  const started = Date.now();
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  const send = () => {
    const path = API_PATHS[sent % API_PATHS.length];
    sent += 1;
    const at = process.hrtime.bigint();
    const request = fetch(`${world.base}${path}`, { headers: world.adminHeaders, signal: AbortSignal.timeout(30_000) })
      .then(
        async (response) => {
          await response.arrayBuffer();
          latencies.push(Number(process.hrtime.bigint() - at) / 1e6);
          if (!response.ok) errors.push(`${path}: ${response.status}`);
        },
        (error: Error) => {
          errors.push(`${path}: ${error.message}`);
        },
      )
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
    // The next one at its place in the schedule, not 50 ms after this one was sent.
    timer = setTimeout(send, Math.max(0, started + (sent * 1000) / API_RATE - Date.now()));
  };
  send();
  return {
    async stop() {
      clearTimeout(timer);
      await Promise.all(inFlight);
      return { sent, latencies, errors };
    },
  };
}

/** The 1-minute load average, once a second: what it was at the start and its peak. */
function loadWatch() {
  const before = loadavg()[0];
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, loadavg()[0]);
  }, 1000);
  return {
    stop: () => {
      clearInterval(timer);
      return { before, peak: Math.max(peak, loadavg()[0]) };
    },
  };
}

/**
 * How often each token appears in the stored command lines; polled until every command that ran is stored
 * (the terminal sends them in batches) or nothing new has come for 10 s (60 s at most).
 */
async function recordedCounts(world: DoorLoadWorld, prefix: string, ran: number): Promise<Map<string, number>> {
  let counts = new Map<string, number>();
  let stored = -1;
  let lastChange = Date.now();
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(500)) {
    const inputs = world.recordedInputs(`echo ${prefix}`);
    if (inputs.length !== stored) {
      stored = inputs.length;
      lastChange = Date.now();
    }
    counts = new Map();
    for (const input of inputs) {
      const token = new RegExp(`${prefix}\\d+-\\d+`).exec(input)?.[0];
      if (token) counts.set(token, (counts.get(token) ?? 0) + 1);
    }
    if (counts.size >= ran || Date.now() - lastChange > 10_000) break;
  }
  return counts;
}

export interface SizeFigures {
  sessions: number;
  opened: number;
  /** Refused as a wrong password although it was right. */
  refused: number;
  /** The door said the server could not check the password (busy, failed, silent). */
  unchecked: number;
  otherFailures: number;
  /** The one sign-in with a wrong password was refused as such. */
  wrongRefused: boolean;
  connect: { p50: number; p95: number; max: number };
  commands: { planned: number; ran: number; once: number; missing: number; duplicated: number };
  api: { sent: number; errors: number; p50: number; p99: number };
  load: { before: number; peak: number };
  /** CPU seconds from the first client's start until every session had opened (or failed to). */
  openingCpu: CpuSplit;
  seconds: number;
  firstProblems: string[];
}

async function oneSize(world: DoorLoadWorld, sessions: number, round: number, askpass: string): Promise<SizeFigures> {
  // Tokens of this round only: DL<round>-<session>-<command>, each typed once.
  const prefix = `DL${round}-`;
  const load = loadWatch();
  const api = apiLoad(world);
  const started = Date.now();
  const cpu = cpuWatch(world.pids);
  let openingCpu: CpuSplit | undefined;
  let unopened = sessions + 1;
  const onOpened = () => {
    unopened -= 1;
    if (unopened === 0) openingCpu = cpu.stop();
  };
  // In the crowd, one more user with a wrong password: the door must still tell one from the other.
  const control = world.users[world.users.length - 1];
  const [wrong, ...results]: VisitResult[] = await Promise.all([
    visit({
      sshPort: world.sshPort,
      username: control.username,
      password: `${control.password}-wrong`,
      askpass,
      asset: ASSET,
      tokens: [],
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      onOpened,
      nice: standInNice(),
    }),
    ...world.users.slice(0, sessions).map((user, i) =>
      visit({
        sshPort: world.sshPort,
        username: user.username,
        password: user.password,
        askpass,
        asset: ASSET,
        tokens: Array.from({ length: COMMANDS }, (_, k) => `${prefix}${i}-${k}`),
        connectTimeoutMs: CONNECT_TIMEOUT_MS,
        onOpened,
        nice: standInNice(),
      }),
    ),
  ]);
  const seconds = (Date.now() - started) / 1000;
  const answered = await api.stop();
  const machine = load.stop();

  const ran = results.flatMap((result) => result.ran);
  const counts = await recordedCounts(world, prefix, ran.length);
  const connects = results.flatMap((result) => (result.connectMs === null ? [] : [result.connectMs]));
  const failures = results.flatMap((result, i) => (result.failure ? [{ i, ...result.failure }] : []));
  const duplicated = ran.filter((token) => (counts.get(token) ?? 0) > 1);
  const missing = ran.filter((token) => !counts.has(token));
  return {
    sessions,
    seconds,
    opened: connects.length,
    refused: failures.filter((f) => f.kind === 'refused').length,
    unchecked: failures.filter((f) => f.kind === 'unchecked').length,
    otherFailures: failures.filter((f) => f.kind === 'other').length,
    wrongRefused: wrong.failure?.kind === 'refused',
    connect: { p50: percentile(connects, 50), p95: percentile(connects, 95), max: percentile(connects, 100) },
    commands: {
      planned: sessions * COMMANDS,
      ran: ran.length,
      once: ran.filter((token) => counts.get(token) === 1).length,
      missing: missing.length,
      duplicated: duplicated.length,
    },
    api: {
      sent: answered.sent,
      errors: answered.errors.length,
      p50: percentile(answered.latencies, 50),
      p99: percentile(answered.latencies, 99),
    },
    load: machine,
    openingCpu: openingCpu ?? cpu.stop(),
    firstProblems: [
      ...(wrong.failure?.kind === 'refused'
        ? []
        : [`the wrong password was ${wrong.failure ? `${wrong.failure.kind}: ${wrong.failure.detail}` : 'let in'}`]),
      ...failures.slice(0, 3).map((f) => `session ${f.i} (${f.kind}) at ${f.step}: ${f.detail}`),
      ...answered.errors.slice(0, 3).map((error) => `API ${error}`),
      ...missing.slice(0, 3).map((token) => `not recorded: echo ${token}`),
      ...duplicated.slice(0, 3).map((token) => `recorded ${counts.get(token)} times: echo ${token}`),
    ],
  };
}

/** Within the issue's budgets (judged for BUDGET_SESSIONS or fewer at once). */
export function withinBudget(f: SizeFigures): boolean {
  return (
    f.opened === f.sessions &&
    f.refused === 0 &&
    f.wrongRefused &&
    f.commands.once === f.commands.planned &&
    f.connect.p95 <= CONNECT_P95_BUDGET_MS &&
    f.api.errors === 0 &&
    f.api.p99 <= API_P99_BUDGET_MS
  );
}

export async function doorLoad(sizes = chosenSizes()): Promise<SizeFigures[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bastion-door-load-client-'));
  // The largest crowd, and one user more for the wrong password.
  const world = await doorLoadWorld(Math.max(...sizes) + 1);
  try {
    const askpass = askpassScript(dir);
    const figures: SizeFigures[] = [];
    for (const [index, sessions] of sizes.entries()) {
      if (index > 0) await sleep(REST_MS);
      figures.push(await oneSize(world, sessions, index + 1, askpass));
    }
    return figures;
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${world.output()}`, { cause: error });
  } finally {
    await world.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// By hand: `DOOR_LOAD_SIZES=5,10 node --import tsx scripts/bench/door-load-run.ts`.
if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.BASTION_ALLOWED_TARGETS = '127.0.0.0/8';
  console.log(JSON.stringify(await doorLoad(), null, 2));
}
