import { createElement } from 'react';
import shellShapes from 'virtual:shell-icons';

// The shell's icons (sidebar, top bar, list toolbar) as inline <svg>s, their shapes built into the
// bundle from Shoelace's Bootstrap icon files (scripts/build/shell-icons.mjs). An <sl-icon> is a Lit
// element that fetches, parses and sanitises its file before it shows: the sidebar drew ~20 of them on
// every first load, the larger part of the shell's first render; CSS masks of the same files cost a
// decoded SVG document each, after layout (src/core/README.md "First load").

type Shapes = Record<string, [string, Record<string, string>][]>;

/** The shell's icons, and those a part of the console adds (the sidebar its route icons: SidebarMenu.tsx). */
const shapes: Shapes = { ...shellShapes };

/** Makes these icons drawable; a module that draws them adds them when it loads, before any render. */
export function addIcons(more: Shapes): void {
  Object.assign(shapes, more);
}

/** A Bootstrap icon by name, decorative (its control carries the label); one the build did not include draws nothing. */
export function Icon({ name, className }: { name: string; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      data-icon={name}
      aria-hidden="true"
      viewBox="0 0 16 16"
      fill="currentColor"
    >
      {(shapes[name] ?? []).map(([tag, props], index) => createElement(tag, { key: index, ...props }))}
    </svg>
  );
}
