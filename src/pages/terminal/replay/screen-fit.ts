import type { Screen } from './screen.ts';

// How the terminal fills its box, asciinema-player's `fit`: `width` (the default) scales it to the box's
// width and its height follows; `height` to the box's height; `both` inside both; `none` draws it at
// `terminal-font-size` and the box scrolls. The box is the player's screen area, which the layout
// (styles.ts) gives the element's width and, for height and both, what is left of a height the host
// gave. Without such a height there is nothing to fit to, and the width is fitted. Fullscreen fits both.

export type Fit = 'width' | 'height' | 'both' | 'none';

/** asciinema-player's named sizes; any other value is a CSS font size (`15px`, `1.2em`). */
const NAMED_SIZES: Record<string, string> = { small: '12px', medium: '18px', big: '24px' };
/** A box shorter than this has no height of its own: its host left the height to the content. */
const NO_HEIGHT_PX = 16;

export function fitMode(value: string | boolean | undefined): Fit {
  if (value === false || value === 'false' || value === 'none') return 'none';
  return value === 'height' || value === 'both' ? value : 'width';
}

export function fontSizeCss(value: string | undefined): string {
  return (value && (NAMED_SIZES[value] ?? value)) || NAMED_SIZES.small;
}

function inner(box: HTMLElement): { width: number; height: number } {
  const style = getComputedStyle(box);
  return {
    width: box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    height: box.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom),
  };
}

/** Keeps a screen fitted to its box as the box, the recording's terminal size or the options change. */
export class ScreenFit {
  private box: HTMLElement | null = null;
  private screen: Screen | null = null;
  private mode: Fit = 'width';
  private fontSize = fontSizeCss(undefined);
  private fullscreen = false;
  private observer: ResizeObserver | null = null;
  private stopResize: (() => void) | null = null;
  private frame = 0;

  attach(box: HTMLElement, screen: Screen): void {
    this.detach();
    this.box = box;
    this.screen = screen;
    // Fitted in the next frame, not in the observer's callback: a change made there would be observed
    // again in the same frame ("ResizeObserver loop" errors).
    this.observer = new ResizeObserver(() => this.schedule());
    this.observer.observe(box);
    this.stopResize = screen.onResize(() => this.schedule());
    this.apply();
  }

  set(mode: Fit, fontSize: string | undefined, fullscreen: boolean): void {
    this.mode = mode;
    this.fontSize = fontSizeCss(fontSize);
    this.fullscreen = fullscreen;
    this.apply();
  }

  detach(): void {
    this.observer?.disconnect();
    this.stopResize?.();
    cancelAnimationFrame(this.frame);
    this.observer = null;
    this.stopResize = null;
    this.box = null;
    this.screen = null;
  }

  /** Fits now (layout is read at once; call it when the box has its size, e.g. in a layout effect). */
  apply(): void {
    const { box, screen } = this;
    if (!box || !screen) return;
    const mode = this.fullscreen ? 'both' : this.mode;
    box.dataset.fit = mode;
    // The CSS size resolved by the browser (`1.2em`, `big`): the base of `none`, and of the first guess.
    box.style.fontSize = this.fontSize;
    const base = parseFloat(getComputedStyle(box).fontSize) || 12;
    if (mode === 'none') return screen.setFontSize(base);
    let { width, height } = inner(box);
    if (mode !== 'width' && height < NO_HEIGHT_PX) {
      box.dataset.fit = 'width';
      height = Infinity;
      width = inner(box).width;
    } else if (mode === 'width') height = Infinity;
    if (mode === 'height' && height < Infinity) width = Infinity;
    screen.fitInto(width, height);
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.apply();
    });
  }
}
