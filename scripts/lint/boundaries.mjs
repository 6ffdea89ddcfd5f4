// The house's import boundaries as an ESLint rule: which folder may import which. A relative import is
// resolved against the importing file and both are placed in the tree; packages are not concerned.
// test/server/house/boundaries.test.ts proves the rule refuses each kind and that the tree keeps to it.
import { dirname, relative, resolve, sep } from 'node:path';

// What the reference server's engine and core stand on: each other (the core holds the database, its secrets,
// small helpers, org resolution, the request context, request authentication and permissions, the operate log)
// and demo/shared. Never a feature.
const SERVER_BASE = ['demo/server/engine/', 'demo/server/core/', 'demo/shared/'];

/**
 * `from` may not import anything under `deny`, or (`only`) anything of the tree outside those prefixes;
 * `why` is what the author is told.
 */
export const BOUNDARIES = [
  {
    from: 'src/',
    deny: ['demo/', 'scripts/', 'test/'],
    why: 'the console and its elements ship without the demo, scripts or tests',
  },
  { from: 'src/core/', deny: ['src/pages/', 'src/elements/'], why: 'src/core knows no page and no element' },
  { from: 'src/pages/', deny: ['src/elements/'], why: 'elements wrap pages, pages never reach back into elements' },
  {
    from: 'demo/server/',
    deny: ['demo/terminal/', 'demo/portal/'],
    why: 'the server and the terminal talk over the wire only; what both need lives in demo/shared/',
  },
  {
    from: 'demo/terminal/',
    deny: ['demo/server/', 'demo/portal/'],
    why: 'the server and the terminal talk over the wire only; what both need lives in demo/shared/',
  },
  {
    from: 'demo/shared/',
    deny: ['demo/server/', 'demo/terminal/', 'demo/portal/'],
    why: 'demo/shared is below both processes and imports neither',
  },
  {
    from: 'demo/server/engine/',
    only: SERVER_BASE,
    why: 'the resource engine knows no feature: features register with it (demo/server/README.md)',
  },
  {
    from: 'demo/server/core/',
    only: SERVER_BASE,
    why: 'the server core knows no feature: features build on it',
  },
];

/** The workspaces' package names: `@bastion-console/terminal/x` is `demo/terminal/x` to the rule. */
const PACKAGES = { '@bastion-console/server': 'demo/server', '@bastion-console/terminal': 'demo/terminal' };

const posix = (path) => path.split(sep).join('/');

/** The boundary an import from `file` to `target` (both relative to the root, '/'-separated) crosses, if any. */
export function crossedBoundary(file, target) {
  for (const boundary of BOUNDARIES) {
    if (!file.startsWith(boundary.from)) continue;
    const denied = boundary.deny
      ? boundary.deny.find((prefix) => target.startsWith(prefix))
      : !boundary.only.some((prefix) => target.startsWith(prefix)) && target;
    if (denied) return { ...boundary, denied };
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps imports inside the boundaries of the house (scripts/lint/boundaries.mjs)' },
    messages: { crossed: '{{file}} may not import {{target}}: {{why}}.' },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = posix(relative(root, context.filename));
    const targetOf = (source) => {
      if (source.startsWith('.')) return posix(relative(root, resolve(dirname(context.filename), source)));
      const name = Object.keys(PACKAGES).find((each) => source === each || source.startsWith(`${each}/`));
      return name ? PACKAGES[name] + source.slice(name.length) + (source === name ? '/' : '') : null;
    };
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const target = targetOf(source);
      if (target === null) return;
      const crossed = crossedBoundary(file, target);
      if (crossed) context.report({ node, messageId: 'crossed', data: { file, target, why: crossed.why } });
    };
    const fromSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      CallExpression: (node) =>
        node.callee.type === 'Identifier' &&
        node.callee.name === 'require' &&
        node.arguments[0]?.type === 'Literal' &&
        check(node.arguments[0], node.arguments[0].value),
    };
  },
};
