import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';

const ROOT = join(import.meta.dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules') return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every object literal (or object type) whose only keys are zh and en, where zh comes first. */
function zhFirst(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const keyOf = (member: ts.ObjectLiteralElementLike | ts.TypeElement) =>
    member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)) ? member.name.text : '';
  const visit = (node: ts.Node) => {
    const members = ts.isObjectLiteralExpression(node)
      ? node.properties
      : ts.isTypeLiteralNode(node)
        ? node.members
        : null;
    if (members?.length === 2 && keyOf(members[0]) === 'zh' && keyOf(members[1]) === 'en') {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${relative(ROOT, file)}:${line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test('the server, the terminal and what they share write every two-language text in one shape: {en, zh}', () => {
  const files = ['demo/server', 'demo/terminal', 'demo/shared'].flatMap((dir) => sources(join(ROOT, dir)));
  assert.ok(files.length > 300, `read ${files.length} files`);
  assert.deepEqual(files.flatMap(zhFirst), []);
});
