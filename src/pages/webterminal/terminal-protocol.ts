// The frames of the web terminal socket (helper brief §3): JSON text both ways. The page sends
// keystrokes and its size; the terminal sends output and, last, why the session ended.

export type ServerFrame = { type: 'data'; data: string } | { type: 'close'; reason: string };

export const dataFrame = (data: string) => JSON.stringify({ type: 'data', data });
export const resizeFrame = (cols: number, rows: number) => JSON.stringify({ type: 'resize', cols, rows });

/** A frame from the terminal, or null for anything this page does not know (ignored, never shown as HTML). */
export function parseServerFrame(text: unknown): ServerFrame | null {
  if (typeof text !== 'string') return null;
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return null;
  }
  if (!frame || typeof frame !== 'object') return null;
  const { type, data, reason } = frame as Record<string, unknown>;
  if (type === 'data' && typeof data === 'string') return { type, data };
  if (type === 'close') return { type, reason: typeof reason === 'string' ? reason : '' };
  return null;
}
