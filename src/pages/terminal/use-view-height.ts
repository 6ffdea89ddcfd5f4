import { useLayoutEffect, type RefObject } from 'react';

// The session page's player gets the height left in the view below it, so the whole screen, the
// controls and the keys' line show on opening (with `fit="both"` the terminal is fitted inside):
// fitted to the width alone, a 1920-px window drew a terminal taller than the view and left Play
// under the fold. The page scrolls in the window (standalone) or in its console's `.main` (embedded).

/** Never smaller than this: a short window scrolls rather than shrink the terminal to nothing. */
const MIN_PX = 320;

/** The nearest ancestor that scrolls, across shadow roots; null when the window does. */
function scroller(element: HTMLElement): HTMLElement | null {
  let at: Node | null = element.parentNode;
  while (at) {
    if (at instanceof HTMLElement && /auto|scroll/.test(getComputedStyle(at).overflowY)) return at;
    at = at instanceof ShadowRoot ? at.host : at.parentNode;
  }
  return null;
}

/** Sets `target`'s height to what the view has below its top, less `gap` px, as the window resizes. */
export function useViewHeight(target: RefObject<HTMLElement | null>, gap: number): void {
  useLayoutEffect(() => {
    const element = target.current;
    if (!element) return undefined;
    const fit = () => {
      const box = scroller(element);
      const viewTop = box ? box.getBoundingClientRect().top : 0;
      const viewHeight = box ? box.clientHeight : window.innerHeight;
      const scrolled = box ? box.scrollTop : window.scrollY;
      const top = element.getBoundingClientRect().top - viewTop + scrolled;
      element.style.height = `${Math.max(MIN_PX, Math.floor(viewHeight - top - gap))}px`;
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [target, gap]);
}
