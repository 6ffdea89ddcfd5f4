// Whether the shell would wait for more lines before running anything: an open quote, `$(`, backtick,
// group or compound command, a here-document not ended, a trailing backslash, `&&`, `||` or `|`. The
// grammar recovers from such input instead of saying so, so this reads its recovery: every error reaches
// the end of the text and does not end on a token that only closes something (`ls )`, `if x; fi` are
// syntax errors, which the shell reports at once). Best effort: the door judges every line it lets
// through anyway, complete or not.
import { parseShell, type Node } from './shell-parser.ts';

const CLOSERS = new Set([')', '}', 'fi', 'done', 'esac', ';;', ';&', ';;&', ']]']);

/** False before the parser is loaded. */
export function isIncomplete(text: string): boolean {
  const tree = parseShell(text);
  if (!tree) return false;
  try {
    if (!tree.rootNode.hasError) return false;
    const end = text.trimEnd().length;
    const errors = tree.rootNode.descendantsOfType('ERROR');
    const missing = missingNodes(tree.rootNode);
    if ([...errors, ...missing].some((node) => node.endIndex < end)) return false;
    return missing.length > 0 || errors.some((node) => !CLOSERS.has(lastLeaf(node).text));
  } finally {
    tree.delete();
  }
}

function missingNodes(node: Node, out: Node[] = []): Node[] {
  if (node.isMissing) out.push(node);
  if (node.hasError) for (const child of node.children) if (child) missingNodes(child, out);
  return out;
}

function lastLeaf(node: Node): Node {
  let leaf = node;
  while (leaf.lastChild) leaf = leaf.lastChild;
  return leaf;
}
