// A file moving through the door leaves a trail of short-lived buffers (ssh2 allocates several per SFTP
// request: decrypted packet, parsed payload, the packet and its encryption toward the other side). Their
// memory lives outside V8's heap and is freed only when V8 collects the small objects holding them; V8
// counts that outside memory and collects at last when it has grown by about 64 MB, so a transfer held
// that much garbage at its peak (the door's memory budget is 64 MB above idle). A minor collection (the
// young generation only, where these die: about a millisecond) every 8 MB moved keeps the trail short.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const EVERY = 8 * 1024 * 1024;

function minorCollector(): (() => void) | null {
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;
    return typeof gc === 'function' ? () => gc({ type: 'minor' }) : null;
  } catch {
    return null; // a runtime without it: V8 collects on its own, later
  }
}

const collect = minorCollector();
let moved = 0;

/** `bytes` of file data passed the door (either way). */
export function transferred(bytes: number): void {
  moved += bytes;
  if (moved < EVERY) return;
  moved = 0;
  collect?.();
}
