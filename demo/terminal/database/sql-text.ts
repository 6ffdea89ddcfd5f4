// SQL as the door reads it, the way MariaDB's own client splits what a user types: statements end at
// the delimiter (`;` unless `delimiter` changed it), at `\g` or at `\G` (vertical output), never inside a
// quoted string or identifier ('…', "…", `…`) or a comment (`-- `, `#`, /* … */). What is left after the
// last end waits for more lines, and the prompt says what it waits in (a quote, a comment).
//
// The door sends each statement alone, on a connection that does not allow several statements in one
// query: if this split were ever wrong, the server would refuse the second statement instead of running
// something nobody judged.

export interface Statement {
  /** The statement as it goes to the server: without its delimiter, blanks around it trimmed. */
  text: string;
  /** Ended by `\G`: rows shown one field per line. */
  vertical: boolean;
}

/** Where the unfinished rest stands: nothing open, or inside a string, identifier or comment. */
export type OpenState = 'none' | "'" | '"' | '`' | '/*';

export interface Split {
  statements: Statement[];
  /** The text after the last statement's end, kept for the next line. */
  rest: string;
  /** What the rest is inside of at its end. */
  open: OpenState;
  /** `\c`: the user cleared the statement being typed (the rest is empty). */
  cleared: boolean;
}

const isBlank = (char: string | undefined) => char === ' ' || char === '\t' || char === '\n' || char === '\r';

/** Splits `text` into the statements it ends and the rest. */
export function splitStatements(text: string, delimiter = ';'): Split {
  const statements: Statement[] = [];
  let start = 0;
  let state: OpenState = 'none';
  let cleared = false;
  const end = (at: number, skip: number, vertical: boolean) => {
    const statement = text.slice(start, at).trim();
    if (statement) statements.push({ text: statement, vertical });
    start = at + skip;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (state === "'" || state === '"' || state === '`') {
      // A backslash escapes the next character in strings (not in identifiers); a doubled quote is a
      // quote inside, read here as the string closing and opening again.
      if (char === '\\' && state !== '`') i++;
      else if (char === state) state = 'none';
      continue;
    }
    if (state === '/*') {
      if (char === '*' && text[i + 1] === '/') {
        state = 'none';
        i++;
      }
      continue;
    }
    if (char === "'" || char === '"' || char === '`') {
      state = char;
      continue;
    }
    if (char === '/' && text[i + 1] === '*') {
      state = '/*';
      i++;
      continue;
    }
    if (char === '#' || (char === '-' && text[i + 1] === '-' && (isBlank(text[i + 2]) || i + 2 === text.length))) {
      const lineEnd = text.indexOf('\n', i);
      if (lineEnd < 0) break;
      i = lineEnd;
      continue;
    }
    if (char === '\\' && (text[i + 1] === 'g' || text[i + 1] === 'G')) {
      end(i, 2, text[i + 1] === 'G');
      i++;
      continue;
    }
    if (char === '\\' && text[i + 1] === 'c') {
      // The client's "clear": what was typed of this statement is dropped.
      start = i + 2;
      cleared = true;
      i++;
      continue;
    }
    if (text.startsWith(delimiter, i)) {
      end(i, delimiter.length, false);
      i += delimiter.length - 1;
    }
  }
  const rest = text.slice(start);
  return {
    statements,
    rest: rest.trim() ? rest : '',
    open: rest.trim() ? state : 'none',
    cleared: cleared && !rest.trim(),
  };
}

/**
 * The statement as MariaDB will read its words, for the command filter: plain comments become a blank,
 * the text of executable comments (`/*! … *\/`, `/*!50001 … *\/`, `/*M! … *\/`, which the server runs)
 * stays in place without its markers and version, and runs of blanks are one blank. Strings are kept as
 * they are: a rule's words inside a string (a PREPARE's text) are still found.
 */
export function sqlWords(statement: string): string {
  let out = '';
  let state: OpenState = 'none';
  for (let i = 0; i < statement.length; i++) {
    const char = statement[i];
    if (state === "'" || state === '"' || state === '`') {
      out += char;
      if (char === '\\' && state !== '`' && i + 1 < statement.length) out += statement[++i];
      else if (char === state) state = 'none';
      continue;
    }
    if (char === "'" || char === '"' || char === '`') {
      state = char;
      out += char;
      continue;
    }
    if (char === '/' && statement[i + 1] === '*') {
      const close = statement.indexOf('*/', i + 2);
      const body = statement.slice(i + 2, close < 0 ? statement.length : close);
      const executable = /^M?!\d*/.exec(body);
      out += executable ? ` ${sqlWords(body.slice(executable[0].length))} ` : ' ';
      i = close < 0 ? statement.length : close + 1;
      continue;
    }
    if (
      char === '#' ||
      (char === '-' && statement[i + 1] === '-' && (isBlank(statement[i + 2]) || i + 2 === statement.length))
    ) {
      const lineEnd = statement.indexOf('\n', i);
      out += ' ';
      i = lineEnd < 0 ? statement.length : lineEnd;
      continue;
    }
    out += char;
  }
  return out.replace(/\s+/g, ' ').trim();
}
