import { useLayoutEffect, useState, type RefObject } from 'react';

// Whether the player is too narrow for the command list beside the screen (it then goes under it).
// Measured, not a container query: a query container's width may not follow its content, and a
// player in a host's flex row or grid cell without a width of its own would shrink to nothing.

const NARROW_PX = 640;

export function useNarrow(target: RefObject<HTMLElement | null>): boolean {
  const [narrow, setNarrow] = useState(false);
  useLayoutEffect(() => {
    const element = target.current;
    if (!element) return undefined;
    const measure = () => setNarrow(element.clientWidth < NARROW_PX);
    measure();
    // In the next frame, not in the observer's callback: the new layout changes the player's height,
    // which the observer would report again in this frame ("ResizeObserver loop" errors).
    let frame = 0;
    const observer = new ResizeObserver(() => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        measure();
      });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [target]);
  return narrow;
}
