// Asset-permission actions (§2.5): stored as a bitmask, spoken as names. A name stands for all of its
// bits, so 255 reads as every name and 6 as upload_file, download_file and updownload.
export const ACTION_BITS = {
  all: 255,
  connect: 1,
  upload_file: 2,
  download_file: 4,
  updownload: 6,
  clipboard_copy: 8,
  clipboard_paste: 16,
  clipboard_copy_paste: 24,
} as const;

export type ActionName = keyof typeof ACTION_BITS;
export const ACTION_NAMES = Object.keys(ACTION_BITS) as ActionName[];

/** The OR of the names' bits (an empty list is no action at all). */
export function actionsMask(names: readonly string[]): number {
  return names.reduce((mask, name) => mask | (ACTION_BITS[name as ActionName] ?? 0), 0);
}

/** Every name whose bits are all set, in 2.3's order. */
export function actionNames(mask: number): ActionName[] {
  return ACTION_NAMES.filter((name) => (mask & ACTION_BITS[name]) === ACTION_BITS[name]);
}
