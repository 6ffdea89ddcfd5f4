// The elements' contract (custom-elements.json, types/, docs/elements.md) is generated from the
// element sources and committed: these checks fail when a committed copy is out of date, when the
// exports map misses an element, or when the declarations do not serve a TypeScript host.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import {
  buildManifest,
  staleFiles,
  writeContract,
  type ContractManifest,
} from '../../../scripts/build/element-contract.mjs';
import { elementEntries } from '../../../scripts/build/entries.mjs';
import { DEPRECATED_EVENTS } from '../../../src/core/ui/host-events.ts';
import { DARK, LIGHT } from '../../../src/core/ui/theme.ts';

const root = process.cwd();
const manifest = buildManifest(root);
type Element = ContractManifest['modules'][number]['declarations'][number] & { path: string };
const elements: Element[] = manifest.modules.flatMap((module) =>
  module.declarations.filter((d) => d.customElement).map((d) => ({ path: module.path, ...d })),
);

test('the committed manifest, declarations and reference page are what the sources generate', () => {
  assert.deepEqual(staleFiles(root), [], 'run `node scripts/build/element-contract.mjs` (or npm run build) and commit');
});

test('a changed element makes the contract stale until it is generated again', () => {
  const copy = mkdtempSync(join(tmpdir(), 'contract-'));
  try {
    for (const dir of ['src', 'types', 'docs']) cpSync(join(root, dir), join(copy, dir), { recursive: true });
    for (const file of ['custom-elements.json', 'package.json', 'web-types.json', 'vscode.html-custom-data.json'])
      cpSync(join(root, file), join(copy, file));
    const file = join(copy, 'src/elements/bastion-asset-list.ts');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        ' * @csspart pager -',
        ' * @csspart footer - A new part.\n * @csspart pager -',
      ),
    );
    assert.deepEqual(staleFiles(copy).sort(), ['custom-elements.json', 'docs/elements.md']);
    writeContract(copy);
    assert.deepEqual(staleFiles(copy), []);
    assert.match(readFileSync(join(copy, 'docs/elements.md'), 'utf8'), /`::part\(footer\)` \| A new part\./);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});

test('the manifest covers every element with its attributes, events, methods, slots, parts and CSS properties', () => {
  assert.deepEqual(
    elements.map((e) => e.tagName),
    Object.keys(elementEntries(root)),
  );
  const byTag: Record<string, Element> = Object.fromEntries(elements.map((e) => [e.tagName, e]));
  for (const element of elements) {
    assert.equal(element.path, `lib/${element.tagName}.js`);
    const attributes = element.attributes?.map((a) => a.name) ?? [];
    assert.ok(attributes.includes('lang') && attributes.includes('theme'), `${element.tagName} takes lang and theme`);
    const names = (element.events ?? []).map((event) => event.name);
    for (const event of element.events ?? []) {
      if (event.name.startsWith('bastion-')) {
        assert.match(
          event.type?.text ?? '',
          /^CustomEvent<Bastion\w+(\[\])?>$/,
          `${element.tagName} ${event.name} has a detail type`,
        );
        continue;
      }
      // Every unprefixed name is deprecated, naming a bastion- event of the same element that replaces it.
      const replacement = /`(bastion-[a-z-]+)`/.exec(event.deprecated ?? '')?.[1];
      assert.ok(
        replacement && names.includes(replacement),
        `${element.tagName} ${event.name} is deprecated for one of its events`,
      );
      const aliased = Object.entries(DEPRECATED_EVENTS).find(([, old]) => old === event.name)?.[0];
      if (aliased) assert.equal(aliased, replacement, `${event.name} is sent beside ${replacement}`);
    }
    // And every alias the elements send is documented where its replacement is.
    for (const [current, old] of Object.entries(DEPRECATED_EVENTS)) {
      if (names.includes(current)) assert.ok(names.includes(old), `${element.tagName} documents ${old}`);
    }
    assert.deepEqual(
      element.cssProperties?.map((p) => p.name),
      Object.keys(LIGHT).map((name) => `--bastion-${name}`),
    );
  }
  const methods = (tag: string) => byTag[tag].members?.filter((m) => m.kind === 'method').map((m) => m.name);
  assert.deepEqual(methods('bastion-session-replay'), ['play', 'pause', 'seek', 'getCurrentTime', 'getDuration']);
  assert.deepEqual(methods('bastion-asset-list'), ['refresh']);
  assert.deepEqual(
    byTag['bastion-asset-list'].cssParts?.map((p) => p.name),
    ['tree', 'toolbar', 'table', 'pager'],
  );
  assert.deepEqual(
    byTag['bastion-session-replay'].cssParts?.map((p) => p.name),
    ['screen', 'controls', 'command-list'],
  );
  const primary = byTag['bastion-console'].cssProperties?.find((p) => p.name === '--bastion-color-primary');
  assert.equal(primary?.default, LIGHT['color-primary']);
  assert.ok(DARK['color-primary']);
});

test('package.json exports every element with its declarations and names the manifest', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  assert.equal(pkg.customElements, 'custom-elements.json');
  for (const tag of Object.keys(elementEntries(root))) {
    const entry = pkg.exports[`./${tag}`];
    assert.deepEqual(entry, { types: `./types/${tag}.d.ts`, default: `./lib/${tag}.js` });
    readFileSync(join(root, entry.types), 'utf8');
  }
  assert.equal(pkg.exports['./custom-elements.json'], './custom-elements.json');
  assert.deepEqual(pkg.exports['./jsx'], { types: './types/jsx.d.ts' });
  assert.deepEqual(pkg.exports['.'], { types: './types/index.d.ts', default: './lib/index.js' });
  assert.equal(pkg['web-types'], './web-types.json');
  // What a consumer installs: React as a peer, nothing of the server, the terminal or the build.
  assert.equal(pkg.dependencies, undefined);
  assert.deepEqual(Object.keys(pkg.peerDependencies).sort(), ['@types/react', 'react', 'react-dom']);
  for (const hook of ['preinstall', 'install', 'postinstall', 'prepare'])
    assert.equal(pkg.scripts[hook], undefined, hook);
  assert.deepEqual(pkg.files, [
    'lib/',
    'types/',
    'custom-elements.json',
    'web-types.json',
    'vscode.html-custom-data.json',
    'docs/',
  ]);
});

test('the declarations type a host page: tags, properties, methods and event details, and refuse mistakes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'host-'));
  try {
    const good = join(dir, 'good.ts');
    const bad = join(dir, 'bad.ts');
    const types = join(root, 'types/index.d.ts').replace(/\\/g, '/');
    writeFileSync(
      good,
      `import type { BastionAsset } from '${types.replace(/\.d\.ts$/, '.js')}'
const player = document.createElement('bastion-session-replay')
player.session = 'abc'; player.speed = 2; player.theme = 'dark'
player.loop = 3; player.fit = 'both'; player.markers = [[5, 'Install'], 30]; player.autoplay = true
void player.seek(30).then(() => player.seek('command-id')).then(() => player.seek({ marker: 'next' })).then(() => player.pause())
const now: number = player.getCurrentTime(); const length: number | undefined = player.getDuration(); void now; void length
player.addEventListener('bastion-replay-ready', (event) => { const d: number | null = event.detail.duration; void d })
player.addEventListener('bastion-replay-timeupdate', (event) => { const t: number = event.detail.currentTime + event.detail.duration; void t })
player.addEventListener('bastion-replay-marker', (event) => { const l: string = event.detail.label; void l })
player.addEventListener('replay-error', (event) => { const m: string = event.detail.message; void m })
const list = document.querySelector('bastion-asset-list')
list?.addEventListener('bastion-asset-select', (event) => { const rows: BastionAsset[] = event.detail; void rows })
void list?.refresh()
const console_ = document.createElement('bastion-console'); console_.router = 'memory'
console_.addEventListener('bastion-org-change', (event) => { const id: string = event.detail.org.id; void id })
`,
    );
    writeFileSync(
      bad,
      `const player = document.createElement('bastion-session-replay')
void player.seek(true)
player.fit = 'wide'
const list = document.createElement('bastion-asset-list')
list.pageSize = 'ten'
list.addEventListener('bastion-asset-open', (event) => { const n: number = event.detail.hostname; void n })
document.createElement('bastion-console').router = 'browser'
`,
    );
    const options = {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: false,
    };
    const check = (file: string) =>
      ts
        .getPreEmitDiagnostics(ts.createProgram([file], options))
        .map(
          (d) =>
            `${d.file ? ts.getLineAndCharacterOfPosition(d.file, d.start ?? 0).line + 1 : 0}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
        );
    assert.deepEqual(check(good), []);
    // types/ are not in this program unless a file imports them: reach them through the index.
    writeFileSync(bad, `import type {} from '${types.replace(/\.d\.ts$/, '.js')}'\n${readFileSync(bad, 'utf8')}`);
    assert.deepEqual(
      check(bad).map((line) => line.split(':')[0]),
      ['3', '4', '6', '7', '8'],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
