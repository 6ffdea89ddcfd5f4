// Shoelace icons the engines render (besides the shell's); the build must copy these SVGs too.
export const ICONS = [
  'three-dots',
  'funnel',
  'download',
  'upload',
  'pencil-square',
  'trash',
  'plus-lg',
  'search',
  'arrow-clockwise',
  'caret-up-fill',
  'caret-down-fill',
  'x-lg',
  'chevron-down',
  'calendar3',
] as const;

export type EngineIcon = (typeof ICONS)[number];
