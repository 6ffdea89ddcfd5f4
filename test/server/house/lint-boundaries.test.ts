// The import boundaries as `npm test` lints them (eslint.config.mjs, scripts/lint/boundaries.mjs): each kind
// of crossing is an error naming both sides and why, allowed imports pass, and the tree as it is passes.
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { ESLint } from 'eslint';

const ROOT = resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: ROOT });

/** The boundary messages ESLint gives `code` as if it were the file at `path` (relative to the root). */
async function crossings(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, path) });
  return result.messages
    .filter((each) => each.ruleId === 'bastion/boundaries')
    .map((each) => `${each.line}: ${each.message}`);
}

test('each kind of crossing is refused, with both sides and the reason', async () => {
  const terminal = await crossings(
    'demo/terminal/api.ts',
    [
      "import { x } from '../server/auth/thing.ts';",
      '// import { y } from "../server/commented-out.ts";',
      'import type {',
      '  Z,',
      "} from '../server/types.ts';",
      "export { w } from '@bastion-console/server/app.ts';",
      "const later = await import('../server/later.ts');",
      "import { ok } from '../shared/allowed-targets.ts';",
      "import { local } from './target.ts';",
      'export { ok, local, x, later };',
      'export type { Z };',
    ].join('\n'),
  );
  assert.deepEqual(
    terminal.map((line) => line.split(':')[0]),
    ['1', '5', '6', '7'],
  );
  assert.match(
    terminal[0],
    /demo\/terminal\/api\.ts may not import demo\/server\/auth\/thing\.ts: the server and the terminal talk over the wire only/,
  );
  const cases: [string, string, RegExp][] = [
    [
      'demo/server/ops/x.ts',
      "import { y } from '../../terminal/command-filter.ts';\nexport { y };",
      /demo\/terminal\/command-filter\.ts/,
    ],
    ['demo/shared/x.ts', "export * from '../server/lib/y.ts';", /demo\/shared is below both processes/],
    ['src/pages/x.ts', "import { y } from '../../demo/shared/y.ts';\nexport { y };", /ship without the demo/],
    ['src/core/x.ts', "import { y } from '../pages/assets/y.ts';\nexport { y };", /src\/core knows no page/],
    ['src/pages/x.ts', "import { y } from '../elements/y.ts';\nexport { y };", /elements wrap pages/],
    [
      'demo/server/engine/x.ts',
      "import { y } from '../audits/y.ts';\nexport { y };",
      /the resource engine knows no feature/,
    ],
    ['demo/server/core/x.ts', "import { y } from '../users/y.ts';\nexport { y };", /the server core knows no feature/],
    ['demo/server/engine/x.ts', "import { y } from '../core/permissions.ts';\nexport { y };", /^$/],
    ['demo/server/core/x.ts', "import { y } from '../../shared/y.ts';\nexport { y };", /^$/],
    ['scripts/x.mjs', "const { y } = require('../demo/terminal/y.mjs');\nexport { y };", /^$/],
  ];
  for (const [path, code, expected] of cases) {
    const found = await crossings(path, code);
    if (expected.source === '^$') assert.deepEqual(found, [], `${path} may import it`);
    else assert.match(found.join('\n'), expected, `${path}: ${code}`);
  }
  assert.deepEqual(await crossings('demo/server/x.ts', "import { y } from '../shared/y.ts';\nexport { y };"), []);
  assert.deepEqual(
    await crossings('test/server/x.ts', "import { y } from '../../demo/terminal/y.ts';\nexport { y };"),
    [],
    'tests may import any room',
  );
});

test('the tree keeps to the boundaries', async () => {
  const results = await eslint.lintFiles(['src', 'demo', 'scripts']);
  const crossed = results.flatMap((result) =>
    result.messages
      .filter((each) => each.ruleId === 'bastion/boundaries')
      .map((each) => `${result.filePath}:${each.line} ${each.message}`),
  );
  assert.ok(results.length > 800, `the source files were linted (${results.length})`);
  assert.deepEqual(crossed, []);
});
