import { createElement, lazy, Suspense, type ComponentType } from 'react';
import './shoelace-setup.ts';

/**
 * A Shoelace React wrapper loaded on first use. Shoelace is most of the console's JavaScript;
 * components that never appear on a list's first screen (dialogs, tabs, radio groups, text areas,
 * tags) come in their own small chunks, so the first page parses less. Until the chunk arrives the
 * component renders nothing (a few milliseconds from the same server).
 */
export function lazyShoelace<C>(load: () => Promise<{ default: C }>): C {
  const Lazy = lazy(load as unknown as () => Promise<{ default: ComponentType<object> }>);
  // React 19 passes `ref` as an ordinary prop, so it reaches the real wrapper through both layers.
  const Loaded = (props: object) => createElement(Suspense, { fallback: null }, createElement(Lazy, props));
  return Loaded as unknown as C;
}
