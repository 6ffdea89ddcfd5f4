import type { SeekTarget } from './seek-target.ts';

// The player's keys, asciinema-player's: space plays or pauses, ←/→ move 5 s (with Shift a tenth of the
// recording), 0–9 jump to 0 %–90 %, `.` and `,` step one frame on or back, `[` and `]` go to the previous
// or next marker, f toggles fullscreen; and ours: ↑/↓ change the speed. Keys with Ctrl, Alt or Meta are
// the page's, and so are a focused control's own (arrows on the scrubber, space or Enter on a button).

export type KeyAction =
  | { kind: 'toggle' }
  | { kind: 'seek'; to: SeekTarget }
  | { kind: 'step'; frames: 1 | -1 }
  | { kind: 'speed'; by: 1 | -1 }
  | { kind: 'fullscreen' };

interface Key {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  target: EventTarget | null;
}

/** Keys a focused control takes itself: a field (the host's own too, in the controls slot), a button's activation. */
function ownKeys(target: EventTarget | null, key: string): boolean {
  const element = target as HTMLElement | null;
  const tag = element?.tagName;
  if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || element?.isContentEditable) return true;
  return tag === 'BUTTON' && (key === ' ' || key === 'Enter');
}

export function keyAction(event: Key): KeyAction | null {
  const { key } = event;
  if (event.altKey || event.ctrlKey || event.metaKey || ownKeys(event.target, key)) return null;
  if (/^[0-9]$/.test(key)) return { kind: 'seek', to: `${Number(key) * 10}%` };
  switch (key) {
    case ' ':
      return { kind: 'toggle' };
    case 'ArrowLeft':
      return { kind: 'seek', to: event.shiftKey ? '<<<' : '<<' };
    case 'ArrowRight':
      return { kind: 'seek', to: event.shiftKey ? '>>>' : '>>' };
    case '.':
      return { kind: 'step', frames: 1 };
    case ',':
      return { kind: 'step', frames: -1 };
    case '[':
      return { kind: 'seek', to: { marker: 'prev' } };
    case ']':
      return { kind: 'seek', to: { marker: 'next' } };
    case 'ArrowUp':
      return { kind: 'speed', by: 1 };
    case 'ArrowDown':
      return { kind: 'speed', by: -1 };
    case 'f':
      return { kind: 'fullscreen' };
    default:
      return null;
  }
}
