// The API calls in the console's sources, read statically: each `http.<method>(<url>, …)` with its URL
// resolved from string literals, templates and the constants they name (a file's own `const`, or an
// imported module's export, read by loading that module). A template's other `${…}` parts become `:param`.
// What cannot be resolved this way (a URL a function builds) is returned as such, for a hand list.
import { dirname, join, relative } from 'node:path';
import { importSource, readSource, SRC } from './console-modules.ts';

export interface SourceCall {
  file: string;
  method: string;
  url: string | null;
  expr: string;
}

const CALL = /\bhttp\.(get|post|put|patch|delete|options)\s*(?:<[^(]*?>)?\(/g;

/** The first argument of a call whose `(` is at `open`: up to the first `,` or `)` at depth 0. */
function firstArgument(text: string, open: number): string {
  let depth = 0;
  let inTemplate = false;
  let quote = '';
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote && text[i - 1] !== '\\') quote = '';
      continue;
    }
    if (inTemplate) {
      if (c === '`') inTemplate = false;
      else if (c === '$' && text[i + 1] === '{') {
        let d = 0;
        for (; i < text.length; i++) {
          if (text[i] === '{') d++;
          else if (text[i] === '}' && --d === 0) break;
        }
      }
      continue;
    }
    if (c === '`') inTemplate = true;
    else if (c === "'" || c === '"') quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (depth === 0) return text.slice(open + 1, i).trim();
      depth--;
    } else if (c === ',' && depth === 0) return text.slice(open + 1, i).trim();
  }
  return '';
}

/** Where `name` comes from in `file`: its own `const`, or an import (`{ name }` / `{ x as name }`). */
function origin(file: string, name: string): { local: string } | { module: string; exported: string } | null {
  const text = readSource(file);
  const local = new RegExp(`(?:^|\\n)\\s*(?:export\\s+)?const\\s+${name}\\s*(?::[^=\\n]+)?=\\s*([^\\n]+)`).exec(text);
  if (local) return { local: local[1].trim() };
  for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    for (const part of m[1].split(',')) {
      const [exported, as] = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/);
      if ((as ?? exported) === name && m[2].startsWith('.'))
        return { module: relative(SRC, join(dirname(join(SRC, file)), m[2])), exported };
    }
  }
  return null;
}

async function value(file: string, path: string[]): Promise<unknown> {
  const from = origin(file, path[0]);
  if (!from) return undefined;
  let base: unknown;
  if ('local' in from) {
    base = await resolveExpr(file, from.local.replace(/[;,]?\s*(\/\/.*)?$/, ''));
    if (base === undefined && path.length > 1)
      base = (await importSource(file).catch((): Record<string, unknown> => ({})))[path[0]];
  } else {
    base = (await importSource(from.module))[from.exported];
  }
  for (const key of path.slice(1))
    base = base && typeof base === 'object' ? (base as Record<string, unknown>)[key] : undefined;
  return base;
}

/** Top-level comma-separated parts of `text`. */
function splitTop(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if ('([{'.includes(text[i])) depth++;
    else if (')]}'.includes(text[i])) depth--;
    else if (text[i] === ',' && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  if (text.slice(start).trim()) parts.push(text.slice(start).trim());
  return parts;
}

/** A call of a file's own arrow function returning a template (`userUrl(id, 'unblock/')`), its string arguments bound. */
async function resolveCall(file: string, name: string, args: string): Promise<string | undefined> {
  const from = origin(file, name);
  if (!from || !('local' in from)) return undefined;
  const arrow = /^\(([^)]*)\)\s*(?::[^=]+)?=>\s*(`.*`)/.exec(from.local);
  if (!arrow) return undefined;
  const params = splitTop(arrow[1]).map((p) => /^(\w+)/.exec(p)?.[1] ?? '');
  const defaults = splitTop(arrow[1]).map((p) => /=\s*'([^']*)'/.exec(p)?.[1]);
  const given = splitTop(args);
  let template = arrow[2];
  params.forEach((param, i) => {
    const literal = given[i] !== undefined ? /^'([^']*)'$/.exec(given[i])?.[1] : defaults[i];
    if (literal !== undefined) template = template.replaceAll(`\${${param}}`, literal);
  });
  return resolveExpr(file, template);
}

/** A URL expression's value, `:param` for what a template computes, or undefined. */
export async function resolveExpr(file: string, expr: string): Promise<string | undefined> {
  const e = expr.trim();
  const call = /^([A-Za-z_$][\w$]*)\(([\s\S]*)\)$/.exec(e);
  if (call) return resolveCall(file, call[1], call[2]);
  const literal = /^'([^']*)'$|^"([^"]*)"$/.exec(e);
  if (literal) return literal[1] ?? literal[2];
  if (e.startsWith('`') && e.endsWith('`')) {
    let out = '';
    const body = e.slice(1, -1);
    for (let i = 0; i < body.length; i++) {
      if (body[i] === '$' && body[i + 1] === '{') {
        let depth = 0;
        let j = i + 1;
        for (; j < body.length; j++) {
          if (body[j] === '{') depth++;
          else if (body[j] === '}' && --depth === 0) break;
        }
        const inner = body.slice(i + 2, j);
        const known = /^[A-Za-z_$][\w$]*(\.[\w$]+)*$|^[A-Za-z_$][\w$]*\(/.test(inner)
          ? await resolveExpr(file, inner)
          : undefined;
        out += typeof known === 'string' && known.startsWith('/') ? known : ':param';
        i = j;
      } else out += body[i];
    }
    return out;
  }
  if (/^[A-Za-z_$][\w$]*(\.[\w$]+)*$/.test(e)) {
    const found = await value(file, e.split('.'));
    return typeof found === 'string' ? found : undefined;
  }
  return undefined;
}

/** Every `http.<method>(…)` in `file`, URL resolved where the source allows. */
export async function callsIn(file: string): Promise<SourceCall[]> {
  const text = readSource(file);
  const calls: SourceCall[] = [];
  for (const m of text.matchAll(CALL)) {
    const expr = firstArgument(text, m.index! + m[0].length - 1);
    const url = (await resolveExpr(file, expr)) ?? null;
    calls.push({ file, method: m[1].toUpperCase(), url: url?.split('?')[0] ?? null, expr });
  }
  return calls;
}
