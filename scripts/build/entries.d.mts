// Types of entries.mjs for the tests that import it.
export const ELEMENTS_DIR: string;
export function elementEntries(root?: string): Record<string, string>;
