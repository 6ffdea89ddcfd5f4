// Every Shoelace icon the console renders; the build copies only these SVGs (scripts/build/shoelace-icons.mjs).
export const ICONS = [
  'list', 'question-circle', 'translate', 'person-circle', 'chevron-down', 'chevron-right', 'x-lg',
  'arrow-clockwise', 'box-arrow-up-right', 'speedometer2', 'person', 'key', 'building', 'eye', 'eye-slash',
  'trash', 'plus-lg', 'search', 'circle', 'shield-lock', 'info-circle', 'check2-circle', 'exclamation-triangle',
] as const

export type IconName = (typeof ICONS)[number]
