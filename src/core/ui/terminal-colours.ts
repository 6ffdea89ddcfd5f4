// The ANSI colours of every xterm the console draws (task logs, replays, the web terminal): xterm's own
// dark red, blue and magenta are under 4.5:1 on a black screen (axe flagged a task log's red hosts).
// Each of these is at least 4.5:1 on #000 and on the web terminal's #1f1f1f.
export const READABLE_ANSI = {
  foreground: '#e5e5e5',
  black: '#2e3436',
  brightBlack: '#8a8a8a',
  red: '#ff6b6b',
  brightRed: '#ff8f8f',
  green: '#4ec94e',
  brightGreen: '#7ee07e',
  yellow: '#e0c341',
  brightYellow: '#f2da6b',
  blue: '#6ea8ff',
  brightBlue: '#9cc4ff',
  magenta: '#e07ee0',
  brightMagenta: '#f0a6f0',
  cyan: '#4fc8d8',
  brightCyan: '#80dfeb',
  white: '#e5e5e5',
  brightWhite: '#ffffff',
} as const;
