// What one terminal line shows after some output: enough of a terminal to read back a command line a
// shell has echoed and edited (backspaces, carriage returns, erase-to-end, cursor moves, deletes and
// inserts — what readline sends while the user edits, completes or walks the history).
const CSI = /^\x1b\[([0-9;?]*)([@-~])/;
const OTHER_ESCAPE = /^\x1b(\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78]|.)/;

export function renderLine(text: string): string {
  let cells: string[] = [];
  let cursor = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '\x1b') {
      const csi = CSI.exec(text.slice(i, i + 32));
      if (csi) {
        const n = Math.max(1, Number(csi[1].split(';')[0]) || 1);
        switch (csi[2]) {
          case 'K': if (csi[1] === '' || csi[1] === '0') cells = cells.slice(0, cursor); else if (csi[1] === '2') cells = []; break;
          case 'D': cursor = Math.max(0, cursor - n); break;
          case 'C': cursor += n; break;
          case 'G': cursor = n - 1; break;
          case 'P': cells.splice(cursor, n); break;
          case '@': cells.splice(cursor, 0, ...' '.repeat(n)); break;
          default: break;
        }
        i += csi[0].length;
        continue;
      }
      const other = OTHER_ESCAPE.exec(text.slice(i, i + 256));
      i += other ? other[0].length : 1;
      continue;
    }
    i += 1;
    if (ch === '\b') cursor = Math.max(0, cursor - 1);
    else if (ch === '\r') cursor = 0;
    else if (ch === '\n') { cells = []; cursor = 0; }
    else if (ch === '\x07' || ch < ' ') continue;
    else {
      while (cells.length < cursor) cells.push(' ');
      cells[cursor] = ch;
      cursor += 1;
    }
  }
  return cells.join('').replace(/\s+$/, '');
}

/** Output without escape sequences and control characters other than line breaks and tabs. */
export function plainText(text: string): string {
  return text
    .replace(/\x1b\[[0-9;?]*[@-~]/g, '')
    .replace(/\x1b\][^\x07\x1b]*(\x07|\x1b\\)/g, '')
    .replace(/\x1b[()][0-9A-Za-z]|\x1b[=>78]/g, '')
    .replace(/\r\n/g, '\n')
    .replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '');
}
