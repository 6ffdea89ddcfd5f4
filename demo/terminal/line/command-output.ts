// A command's output as the command log keeps it: what the target printed after the line ran, until
// the shell's next prompt, without escape sequences, cut to the field's size. Only the head is kept,
// so a command printing megabytes costs nothing more than one that prints a line.
import { plainText } from './plain-text.ts';

const MAX_OUTPUT = 1024;
/** Raw characters kept: escape sequences and the echo's line break are removed from these. */
export const HEAD_KEEP = 4096;

export class CommandOutput {
  private head = '';

  /** `dropFirstLine`: the output starts with the rest of the echoed line (no prompt markers to cut it). */
  constructor(private readonly dropFirstLine: boolean) {}

  add(text: string): void {
    if (this.head.length < HEAD_KEEP) this.head += text.slice(0, HEAD_KEEP - this.head.length);
  }

  get full(): boolean {
    return this.head.length >= HEAD_KEEP;
  }

  /** `promptFollows`: the head ends with the next prompt's line, which is not output. */
  text(promptFollows: boolean): string {
    let raw = this.head;
    if (this.dropFirstLine) {
      const first = raw.indexOf('\n');
      raw = first >= 0 ? raw.slice(first + 1) : '';
    }
    if (promptFollows && !this.full) {
      const lastBreak = raw.lastIndexOf('\n');
      raw = lastBreak >= 0 ? raw.slice(0, lastBreak + 1) : '';
    }
    return plainText(raw).replace(/^\n+/, '').replace(/\n$/, '').slice(0, MAX_OUTPUT);
  }
}
