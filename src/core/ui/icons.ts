// Every Shoelace icon the console renders; the build copies only these SVGs (scripts/build/shoelace-icons.mjs).
export const ICONS = [
  'list',
  'question-circle',
  'translate',
  'person-circle',
  'chevron-down',
  'chevron-right',
  'x-lg',
  'arrow-clockwise',
  'box-arrow-up-right',
  'speedometer2',
  'person',
  'key',
  'building',
  'eye',
  'eye-slash',
  'trash',
  'plus-lg',
  'search',
  'circle',
  'shield-lock',
  'info-circle',
  'check2-circle',
  'exclamation-triangle',
] as const;

export type IconName = (typeof ICONS)[number];

/**
 * Icons ui/Icon.tsx may be asked for besides the routes' menu icons: their shapes are built into the
 * bundle (scripts/build/shell-icons.mjs), so only what the shell draws belongs here.
 */
export const SHELL_ICONS = [
  'list',
  'arrow-clockwise',
  'chevron-down',
  'chevron-right',
  'circle',
  'plus-lg',
  'download',
  'upload',
  'question-circle',
  'translate',
  'person-circle',
  'calendar3',
  'folder',
  'folder2-open',
  'info-circle',
  'x-lg',
] as const;
