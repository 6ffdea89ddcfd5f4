// The elements' public contract, generated from their sources, never written by hand:
// - custom-elements.json: the Custom Elements Manifest (@custom-elements-manifest/analyzer reads the
//   JSDoc of each `src/elements/bastion-*.ts` class: @attr, @fires, @slot, @csspart, methods), plus every
//   element's CSS custom properties, read from the theme tokens in src/core/ui/theme.ts;
// - types/: TypeScript declarations for hosts (each element class, its events, the tag-name map), and
//   types/jsx.d.ts, React 19 JSX entries for TSX hosts (jsx-types.mjs);
// - docs/elements.md: the element reference page;
// - web-types.json and vscode.html-custom-data.json for editors (editor-data.mjs).
// The build (rollup) writes them; `node scripts/build/element-contract.mjs --check` (and
// test/server/house/element-contract.test.ts) fails when a committed copy is out of date.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { create, ts } from '@custom-elements-manifest/analyzer';
import { vscodeData, webTypes } from './editor-data.mjs';
import { elementEntries } from './entries.mjs';
import { jsxDeclarations } from './jsx-types.mjs';

export const MANIFEST_FILE = 'custom-elements.json';
export const TYPES_DIR = 'types';
export const DOCS_FILE = 'docs/elements.md';
export const WEB_TYPES_FILE = 'web-types.json';
export const VSCODE_DATA_FILE = 'vscode.html-custom-data.json';
const THEME_FILE = 'src/core/ui/theme.ts';
const DETAIL_TYPES_FILE = 'src/core/element-types.ts';
/** Where the built element files are in the package, as the manifest and the exports map name them. */
const BUILT = (tag) => `lib/${tag}.js`;

const source = (root, file) =>
  ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.ES2022, true);

/** The leading JSDoc text of a node (its comment, without tags). */
function jsDocText(node) {
  const docs = node.jsDoc ?? [];
  const comment = docs.at(-1)?.comment;
  return typeof comment === 'string'
    ? comment.trim()
    : (comment ?? [])
        .map((part) => part.text)
        .join('')
        .trim();
}

/** `export const NAME = { 'key': 'value', ... }` of theme.ts as [{ name, value, description }]. */
function tokensOf(file, name) {
  let found = null;
  file.forEachChild((statement) => {
    if (!ts.isVariableStatement(statement)) return;
    for (const declaration of statement.declarationList.declarations) {
      if (declaration.name.getText(file) !== name) continue;
      let init = declaration.initializer;
      while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression?.(init))) init = init.expression;
      if (!init || !ts.isObjectLiteralExpression(init))
        throw new Error(`${THEME_FILE}: ${name} is not an object literal`);
      found = init.properties.map((property) => ({
        name: ts.isStringLiteral(property.name) ? property.name.text : property.name.getText(file),
        value: property.initializer.text,
        description: jsDocText(property),
      }));
    }
  });
  if (!found) throw new Error(`${THEME_FILE}: no ${name}`);
  return found;
}

/** Every element's `--bastion-*` properties: the light default, and the dark one where it differs. */
function cssProperties(root) {
  const theme = source(root, THEME_FILE);
  const dark = new Map(tokensOf(theme, 'DARK').map((token) => [token.name, token.value]));
  return tokensOf(theme, 'LIGHT').map(({ name, value, description }) => ({
    name: `--bastion-${name}`,
    description: dark.has(name) ? `${description} Dark theme: \`${dark.get(name)}\`.` : description,
    default: value,
  }));
}

const DEPRECATED = /^Deprecated: use `([a-z-]+)`/;

/** The analyzer's manifest, pointed at the built files, with deprecations and CSS properties marked. */
export function buildManifest(root = process.cwd()) {
  const entries = elementEntries(root);
  const modules = Object.values(entries).map((file) => source(root, file));
  const manifest = create({ modules, context: { dev: false } });
  const properties = cssProperties(root);
  manifest.schemaVersion = '2.1.0';
  manifest.readme = DOCS_FILE;
  for (const module of manifest.modules) {
    const tag = Object.keys(entries).find((name) => entries[name] === module.path);
    module.path = BUILT(tag);
    for (const declaration of module.declarations) {
      if (!declaration.customElement) continue;
      if (declaration.tagName !== tag)
        throw new Error(`${entries[tag]} defines <${declaration.tagName}>, expected <${tag}>`);
      for (const event of declaration.events ?? []) {
        const replaced = DEPRECATED.exec(event.description ?? '');
        if (replaced) event.deprecated = `Use \`${replaced[1]}\` instead.`;
      }
      declaration.cssProperties = properties;
    }
    for (const exported of module.exports ?? [])
      if (exported.declaration?.module) exported.declaration.module = module.path;
  }
  return manifest;
}

const elementsOf = (manifest) =>
  manifest.modules.flatMap((module) =>
    module.declarations.filter((d) => d.customElement).map((declaration) => ({ module, declaration })),
  );

/** What the package's main module (src/index.ts) exports. */
const MAIN_MODULE = `/**
 * Sets where the elements fetch their icons from: the URL of a folder holding \`assets/icons/\` (the bastion's
 * \`/ui/shoelace/\`, or a copy of the package's \`lib/shoelace/\` on your site). Unset, the elements use the
 * bastion's own copy when \`api-base\` names it, else the folder beside their script.
 */
export declare function setBasePath(url: string): void
/** Where the elements fetch their icons from now. */
export declare function basePath(): string`;

const TYPE_NAME = /\b(Bastion[A-Za-z]+)\b/g;

function exportedTypeNames(root) {
  const text = readFileSync(join(root, DETAIL_TYPES_FILE), 'utf8');
  return new Set([...text.matchAll(/^export (?:interface|type) (\w+)/gm)].map((match) => match[1]));
}

const comment = (text, indent = '') =>
  text
    ? `${indent}/**\n${text
        .split('\n')
        .map((line) => `${indent} * ${line}`.trimEnd())
        .join('\n')}\n${indent} */\n`
    : '';

/** `types/<tag>.d.ts`: the class a host gets from `document.querySelector('<tag>')`, its events and its tag. */
function declarationFile(declaration, detailTypes) {
  const name = declaration.name;
  const used = new Set();
  const note = (text) => {
    for (const match of text.matchAll(TYPE_NAME)) if (detailTypes.has(match[1])) used.add(match[1]);
    return text;
  };
  const members = [];
  for (const member of declaration.members ?? []) {
    if (member.privacy && member.privacy !== 'public') continue;
    const doc = [member.description, member.attribute ? `Attribute: \`${member.attribute}\`.` : '']
      .filter(Boolean)
      .join('\n\n');
    if (member.kind === 'field') {
      // `lang` is HTMLElement's own: redeclaring it with the same type keeps its documentation here.
      members.push(`${comment(doc, '  ')}  ${member.name}: ${note(member.type?.text ?? 'unknown')}`);
    } else if (member.kind === 'method') {
      const parameters = (member.parameters ?? [])
        .map((p) => `${p.name}: ${note(p.type?.text ?? 'unknown')}`)
        .join(', ');
      members.push(
        `${comment(member.description, '  ')}  ${member.name}(${parameters}): ${note(member.return?.type?.text ?? 'void')}`,
      );
    }
  }
  const events = (declaration.events ?? []).map((event) => {
    const doc = [event.description, event.deprecated ? `@deprecated ${event.deprecated}` : '']
      .filter(Boolean)
      .join('\n');
    return `${comment(doc, '  ')}  '${event.name}': ${note(event.type?.text ?? 'CustomEvent')}`;
  });
  const map = `${name}EventMap`;
  const imports = [...used].sort();
  return `// Generated by scripts/build/element-contract.mjs from src/elements/${declaration.tagName}.ts: do not edit.
${imports.length ? `import type { ${imports.join(', ')} } from './element-types.js'\n\n` : ''}/** The events of \`<${declaration.tagName}>\` (they bubble and cross its shadow root). */
export interface ${map} extends Omit<HTMLElementEventMap, ${(declaration.events ?? []).map((event) => `'${event.name}'`).join(' | ') || 'never'}> {
${events.join('\n')}
}

${comment([declaration.summary, '', declaration.description].filter((line) => line !== undefined).join('\n'))}export declare class ${name} extends HTMLElement {
${members.join('\n')}
  addEventListener<K extends keyof ${map}>(type: K, listener: (this: ${name}, event: ${map}[K]) => unknown, options?: boolean | AddEventListenerOptions): void
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void
  removeEventListener<K extends keyof ${map}>(type: K, listener: (this: ${name}, event: ${map}[K]) => unknown, options?: boolean | EventListenerOptions): void
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void
}

declare global {
  interface HTMLElementTagNameMap {
    '${declaration.tagName}': ${name}
  }
}
`;
}

/** Every file of types/: one per element, the event detail types, and an index. */
export function buildDeclarations(manifest, root = process.cwd()) {
  const detailTypes = exportedTypeNames(root);
  const files = {
    'element-types.d.ts': `// Generated by scripts/build/element-contract.mjs from ${DETAIL_TYPES_FILE}: do not edit.\n${readFileSync(join(root, DETAIL_TYPES_FILE), 'utf8')}`,
  };
  const index = ["export type * from './element-types.js'"];
  for (const { declaration } of elementsOf(manifest)) {
    files[`${declaration.tagName}.d.ts`] = declarationFile(declaration, detailTypes);
    index.push(`export type { ${declaration.name}, ${declaration.name}EventMap } from './${declaration.tagName}.js'`);
  }
  files['jsx.d.ts'] = jsxDeclarations(
    elementsOf(manifest).map(({ declaration }) => declaration),
    detailTypes,
  );
  index.push('', MAIN_MODULE);
  files['index.d.ts'] = `// Generated by scripts/build/element-contract.mjs: do not edit.\n${index.join('\n')}\n`;
  return files;
}

const cell = (text) =>
  String(text ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ');
const code = (text) => (text ? `\`${cell(text)}\`` : '');
const table = (head, rows) =>
  rows.length === 0
    ? ''
    : [
        `| ${head.join(' | ')} |`,
        `|${head.map(() => '---').join('|')}|`,
        ...rows.map((row) => `| ${row.join(' | ')} |`),
      ].join('\n') + '\n';

/** docs/elements.md from the manifest. */
export function buildDocs(manifest, root = process.cwd()) {
  const elements = elementsOf(manifest);
  const out = [
    '# Element reference',
    '',
    `Generated from \`${MANIFEST_FILE}\` by \`scripts/build/element-contract.mjs\` (the build writes it): do not edit.`,
    '',
    'Each element is one script of the build: served by the bastion under `/ui/<tag>.js`, or imported from the npm',
    "package (`import 'bastion-console/<tag>'`, `lib/<tag>.js`, for your bundler). Scripts of one build share one",
    'session and one org on a page. TypeScript hosts get the classes, their events and the tag names from `types/`',
    "(`import type { BastionAssetListElement } from 'bastion-console'`), and React 19 JSX entries from",
    "`import type {} from 'bastion-console/jsx'`.",
    'Every event bubbles and crosses the shadow root (`composed`).',
    '',
    ...elements.map(
      ({ declaration }) => `- [\`<${declaration.tagName}>\`](#${declaration.tagName}): ${declaration.summary ?? ''}`,
    ),
    '',
  ];
  for (const { module, declaration: d } of elements) {
    out.push(
      `## ${d.tagName}`,
      '',
      d.summary ?? '',
      '',
      d.description ?? '',
      '',
      '```html',
      `<script type="module" src="/ui/${d.tagName}.js"></script>`,
      `<${d.tagName}></${d.tagName}>`,
      '```',
      '',
      `From the package: \`import 'bastion-console/${d.tagName}'\` (\`${module.path}\`) · class \`${d.name}\` · types: \`types/${d.tagName}.d.ts\``,
      '',
    );
    const fields = (d.members ?? []).filter((m) => m.kind === 'field');
    out.push(
      '### Attributes and properties',
      '',
      table(
        ['Attribute', 'Property', 'Type', 'Description'],
        fields.map((m) => [code(m.attribute), code(m.name), code(m.type?.text), cell(m.description)]),
      ),
    );
    const methods = (d.members ?? []).filter((m) => m.kind === 'method');
    if (methods.length) {
      out.push(
        '### Methods',
        '',
        table(
          ['Method', 'Returns', 'Description'],
          methods.map((m) => [
            code(`${m.name}(${(m.parameters ?? []).map((p) => `${p.name}: ${p.type?.text}`).join(', ')})`),
            code(m.return?.type?.text),
            cell(m.description),
          ]),
        ),
      );
    }
    const events = d.events ?? [];
    out.push(
      '### Events',
      '',
      table(
        ['Event', 'Type', 'Description'],
        events.map((e) => [
          e.deprecated ? `~~${code(e.name)}~~ (deprecated)` : code(e.name),
          code(e.type?.text),
          cell(e.description),
        ]),
      ),
    );
    if (d.slots?.length)
      out.push(
        '### Slots',
        '',
        table(
          ['Slot', 'Description'],
          d.slots.map((s) => [code(s.name), cell(s.description)]),
        ),
      );
    if (d.cssParts?.length)
      out.push(
        '### CSS parts',
        '',
        table(
          ['Part', 'Description'],
          d.cssParts.map((p) => [code(`::part(${p.name})`), cell(p.description)]),
        ),
      );
    out.push(
      '### CSS custom properties',
      '',
      'All of [the theme properties](#css-custom-properties-all-elements).',
      '',
    );
  }
  const properties = elements[0]?.declaration.cssProperties ?? [];
  out.push(
    '## CSS custom properties (all elements)',
    '',
    'Set on the element or any ancestor (`:root`); unset, the default holds. `theme="dark"` (or the system\'s',
    'dark preference without `theme="light"`) switches the colours to the dark defaults given below. The',
    "elements take their own font stack and line height, never the host page's.",
    '',
    table(
      ['Property', 'Default', 'Description'],
      properties.map((p) => [code(p.name), code(p.default), cell(p.description)]),
    ),
    '## Event detail types',
    '',
    `From \`types/element-types.d.ts\` (source: \`${DETAIL_TYPES_FILE}\`).`,
    '',
    '```ts',
    readFileSync(join(root, DETAIL_TYPES_FILE), 'utf8')
      .split('\n')
      .filter((line) => !line.startsWith('//'))
      .join('\n')
      .trim(),
    '```',
    '',
  );
  return out.join('\n').replace(/\n{3,}/g, '\n\n');
}

/** Every generated file, path → text. */
export function buildContract(root = process.cwd()) {
  const manifest = buildManifest(root);
  const declarations = elementsOf(manifest).map(({ declaration }) => declaration);
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const json = (value) => `${JSON.stringify(value, null, 2)}\n`;
  const files = {
    [MANIFEST_FILE]: json(manifest),
    [DOCS_FILE]: buildDocs(manifest, root),
    [WEB_TYPES_FILE]: json(webTypes(declarations, pkg)),
    [VSCODE_DATA_FILE]: json(vscodeData(declarations)),
  };
  for (const [name, text] of Object.entries(buildDeclarations(manifest, root))) files[join(TYPES_DIR, name)] = text;
  return files;
}

/** Files whose committed text differs from what the sources generate (stale types/ files included). */
export function staleFiles(root = process.cwd()) {
  const files = buildContract(root);
  const stale = Object.entries(files)
    .filter(([path, text]) => !existsSync(join(root, path)) || readFileSync(join(root, path), 'utf8') !== text)
    .map(([path]) => path);
  const typesDir = join(root, TYPES_DIR);
  if (existsSync(typesDir))
    for (const name of readdirSync(typesDir)) if (!(join(TYPES_DIR, name) in files)) stale.push(join(TYPES_DIR, name));
  return stale;
}

/** Writes what changed; returns the paths written. */
export function writeContract(root = process.cwd()) {
  const files = buildContract(root);
  const written = [];
  const typesDir = join(root, TYPES_DIR);
  if (existsSync(typesDir)) {
    for (const name of readdirSync(typesDir)) if (!(join(TYPES_DIR, name) in files)) rmSync(join(typesDir, name));
  }
  for (const [path, text] of Object.entries(files)) {
    const target = join(root, path);
    if (existsSync(target) && readFileSync(target, 'utf8') === text) continue;
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
    written.push(path);
  }
  return written;
}

/** Rollup plugin: every build brings the contract up to date with the sources it builds. */
export function elementContract() {
  return {
    name: 'element-contract',
    buildStart() {
      const written = writeContract();
      if (written.length) this.warn(`element contract updated: ${written.join(', ')} (commit them)`);
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--check')) {
    const stale = staleFiles();
    if (stale.length) {
      console.error(`Out of date (run node scripts/build/element-contract.mjs): ${stale.join(', ')}`);
      process.exit(1);
    }
    console.log('element contract is current');
  } else {
    const written = writeContract();
    console.log(written.length ? `wrote ${written.join(', ')}` : 'element contract already current');
  }
}
