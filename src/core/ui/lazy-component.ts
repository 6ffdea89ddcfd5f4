import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { languageReady } from '../i18n/index.ts';
import type { PageProps } from '../routes.ts';

/**
 * A component loaded on first render: a route's page that is nobody's usual first screen, a dialog.
 * Its code, and whatever only it imports, comes in a chunk of its own, so the first load downloads
 * and runs the shell and the first page only. Nothing is drawn in its place while the chunk arrives
 * (from the same server: a few milliseconds). `name` names it in React's tools.
 */
export function lazyComponent<P extends object = PageProps>(
  load: () => Promise<ComponentType<NoInfer<P>>>,
  name: string,
): ComponentType<P> {
  // The chunk may register an English catalogue of its own: draw once its texts are in too.
  const Lazy = lazy(() =>
    load().then(async (component) => {
      await languageReady();
      return { default: component };
    }),
  );
  const Page = (props: P) =>
    createElement(Suspense, { fallback: null }, createElement(Lazy as ComponentType<P>, props));
  Page.displayName = `Lazy(${name})`;
  return Page;
}
