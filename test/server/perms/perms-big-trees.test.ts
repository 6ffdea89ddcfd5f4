// A plain user granted many thousands of assets asks for whole granted lists and trees: the server
// builds and sends them a slice at a time (perms/slices.ts, perms/json-pieces.ts), so no turn of the
// event loop — what a concurrent cheap call would wait behind — comes near the 250 ms budget, and the
// answers are complete and consistent. The longest turn is read from the event loop's own delay
// histogram, not from wall times, so a busy machine does not decide the outcome.
import assert from 'node:assert/strict';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { test } from 'node:test';
import { seedBulkAssets, seedWideGrant } from '../../../scripts/bench/server/bulk-seed.ts';
import { bearer, build, PASSWORD } from '../helpers.ts';

/** No request may wait longer than this behind another (the hardening issue's budget). */
const BUDGET_MS = 250;
const SEEDED = 15_000;
const GRANTED = 12_000;

type Item = {
  id: string;
  name: string;
  pId: string;
  meta: { type: string; node?: { key: string; assets_amount: number }; asset?: { id: string } };
};

async function wideWorld(t: Parameters<typeof build>[0]) {
  const app = await build(t);
  seedBulkAssets(app.bastion.db, { assets: SEEDED, nodes: 400 }, app.clock.now());
  seedWideGrant(app.bastion.db, PASSWORD, GRANTED, app.clock.now());
  return { app, headers: await bearer(app, 'bench-wide') };
}

/** GET with the body read as a stream (building a 5 MB string on the caller's side would block too). */
async function fetchAll(app: Awaited<ReturnType<typeof build>>, url: string, headers: Record<string, string>) {
  const answer = await app.inject({ method: 'GET', url, headers, payloadAsStream: true });
  const chunks: Buffer[] = [];
  for await (const chunk of answer.stream()) chunks.push(chunk as Buffer);
  return { status: answer.statusCode, finished: performance.now(), text: Buffer.concat(chunks).toString() };
}

test('whole granted trees of 12,000 assets are built and sent without holding the event loop', async (t) => {
  const { app, headers } = await wideWorld(t);
  const paths = ['nodes-with-assets/tree/', 'assets/tree/', 'assets/?actions=connect&protocol=ssh', 'assets/'];
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  // The histogram measures from its first tick: a turn that starts before it would go unseen.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const big = paths.map((path) => fetchAll(app, `/api/v1/perms/users/${path}`, headers));
  await new Promise((resolve) => setTimeout(resolve, 20));
  const profile = await app.inject({ method: 'GET', url: '/api/v1/users/profile/', headers });
  const profileAnswered = performance.now();
  const answers = await Promise.all(big);
  // The histogram notes a long turn at its next tick: give it one before reading it.
  await new Promise((resolve) => setTimeout(resolve, 20));
  delay.disable();
  const longestMs = delay.max / 1e6;
  assert.equal(profile.statusCode, 200);
  assert.ok(longestMs < BUDGET_MS, `the longest turn of the event loop took ${longestMs.toFixed(0)} ms`);
  assert.ok(
    answers.some((answer) => answer.finished > profileAnswered),
    'the cheap call was answered while big ones were still being sent',
  );

  const [withAssets, flat, usable, list] = answers.map((answer) => {
    assert.equal(answer.status, 200, answer.text.slice(0, 200));
    return JSON.parse(answer.text) as Item[];
  });
  assert.equal(flat.length, GRANTED);
  assert.equal(new Set(flat.map((item) => item.id)).size, GRANTED);
  assert.deepEqual(
    list.map((row) => row.id),
    flat.map((item) => item.id),
    'the list and the flat tree: the same assets, in the same order',
  );
  // Every asset of the tree sits on a node of the tree, whose count is the distinct assets in its subtree.
  const nodes = new Map(withAssets.filter((item) => item.meta.type === 'node').map((item) => [item.id, item]));
  const placed = withAssets.filter((item) => item.meta.type === 'asset');
  assert.deepEqual(new Set(placed.map((item) => item.id)), new Set(flat.map((item) => item.id)));
  const under = new Map<string, Set<string>>();
  for (const item of placed) {
    assert.ok(nodes.has(item.pId), `asset ${item.name} under a node of the tree`);
    for (let key: string | undefined = item.pId; key; key = nodes.get(key)?.pId) {
      if (!under.has(key)) under.set(key, new Set());
      under.get(key)!.add(item.id);
    }
  }
  for (const [key, node] of nodes)
    if (!key.startsWith('-'))
      assert.equal(node.meta.node!.assets_amount, under.get(key)?.size, `count of ${node.name}`);
  // Over ssh: every granted asset but the Windows hosts (rdp only).
  const ssh = app.bastion.db
    .prepare("SELECT COUNT(*) FROM assets WHERE id IN (SELECT value FROM json_each(?)) AND protocols LIKE 'ssh/%'")
    .pluck()
    .get(JSON.stringify(flat.map((item) => item.id)));
  assert.equal(usable.length, ssh);
});

test('ten calls for the same big tree at once all get the same complete answer', async (t) => {
  const { app, headers } = await wideWorld(t);
  const answers = await Promise.all(
    Array.from({ length: 10 }, () => fetchAll(app, '/api/v1/perms/users/nodes-with-assets/tree/', headers)),
  );
  assert.deepEqual(
    answers.map((answer) => [answer.status, answer.text.length]),
    answers.map(() => [200, answers[0].text.length]),
  );
  assert.ok(answers.every((answer) => answer.text === answers[0].text));
  assert.ok((JSON.parse(answers[0].text) as Item[]).length > GRANTED);
});
