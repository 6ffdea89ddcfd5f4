import { useCallback, useEffect, useState, type RefObject } from 'react';

// The player itself goes fullscreen (the Fullscreen API on its own box, inside the element's shadow root
// or the console's page alike), not the page around it. The browser allows it only in answer to the
// user (a key or a click).

export function useFullscreen(target: RefObject<HTMLElement | null>): { fullscreen: boolean; toggle: () => void } {
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const update = () => setFullscreen(Boolean(target.current?.matches(':fullscreen')));
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, [target]);
  const toggle = useCallback(() => {
    const element = target.current;
    if (!element) return;
    // A refusal (no user gesture, a frame without allowfullscreen) leaves the player as it was.
    const done = element.matches(':fullscreen') ? document.exitFullscreen() : element.requestFullscreen();
    done.catch(() => undefined);
  }, [target]);
  return { fullscreen, toggle };
}
