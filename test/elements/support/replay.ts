// What the <bastion-session-replay> tests read and do: the player's box, its screen's text, its clock
// (data-position, seconds), a mounted element, the next event of a kind, and a key pressed on the player.
import { deepQuery } from '../../helpers/dom.ts';

export type ReplayElement = HTMLElement & {
  play(): Promise<void>;
  pause(): Promise<void>;
  seek(to: unknown): Promise<void>;
  getCurrentTime(): number;
  getDuration(): number | undefined;
  loop: boolean | number;
  pauseOnMarkers: boolean;
  markers: unknown;
};

export const player = (el: HTMLElement) => deepQuery<HTMLElement>(el, '.replay-player');
export const screenText = (el: HTMLElement) => deepQuery<HTMLElement>(el, '.xterm-rows')?.textContent ?? '';
export const position = (el: HTMLElement) => Number(player(el)?.dataset.position ?? NaN);
export const timeText = (el: HTMLElement) => deepQuery(el, '.replay-time')?.textContent ?? '';
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function mountReplay(attributes: Record<string, string>, parent: HTMLElement = document.body): ReplayElement {
  const element = document.createElement('bastion-session-replay') as ReplayElement;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  parent.append(element);
  return element;
}

export function nextEvent(el: HTMLElement, type: string, timeout = 15_000): Promise<CustomEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} within ${timeout} ms`)), timeout);
    el.addEventListener(
      type,
      (event) => {
        clearTimeout(timer);
        resolve(event as CustomEvent);
      },
      { once: true },
    );
  });
}

/** Every event of these types from now on, in order, with its detail. */
export function recordEvents(el: HTMLElement, types: string[]): { type: string; detail: unknown; at: number }[] {
  const seen: { type: string; detail: unknown; at: number }[] = [];
  for (const type of types)
    el.addEventListener(type, (event) =>
      seen.push({ type, detail: (event as CustomEvent).detail, at: performance.now() }),
    );
  return seen;
}

/** A key pressed while the player has focus (a script's event: the Fullscreen API needs a real one, sendKeys). */
export function press(el: HTMLElement, key: string, init: KeyboardEventInit = {}): void {
  player(el)!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true, ...init }));
}
