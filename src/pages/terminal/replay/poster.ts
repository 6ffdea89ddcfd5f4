// What the screen shows before playing starts, asciinema-player's `poster`: `npt:<time>` the frame at
// that time of the player's clock (`npt:83`, `npt:1:23`, `npt:1:02:03`), `data:text/plain,<text>` that
// text, written to the terminal as the recording's output is (escape sequences colour it). The clock
// stays where the player opened; playing starts there.

export type Poster = { type: 'frame'; time: number } | { type: 'text'; text: string };

const TEXT = 'data:text/plain,';
const NPT = 'npt:';

/** `h:m:s`, `m:s` or seconds as seconds; NaN when it is none of them. */
export function nptSeconds(text: string): number {
  const parts = text.trim().split(':');
  if (parts.length > 3 || parts.some((part) => !/^\d+(\.\d+)?$/.test(part))) return NaN;
  return parts.reduce((seconds, part) => seconds * 60 + Number(part), 0);
}

export function parsePoster(value: string | undefined): Poster | undefined {
  if (!value) return undefined;
  if (value.startsWith(TEXT)) {
    // A line break typed into an HTML attribute starts the next line at its left, as it reads there.
    return { type: 'text', text: value.slice(TEXT.length).replace(/\r?\n/g, '\r\n') };
  }
  if (value.startsWith(NPT)) {
    const time = nptSeconds(value.slice(NPT.length));
    if (Number.isFinite(time)) return { type: 'frame', time };
  }
  return undefined;
}
