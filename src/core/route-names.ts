export type RouteKind = 'List' | 'Create' | 'Update' | 'Detail';

const KIND = /(List|Create|Update|Detail)/;

/**
 * Generic pages find their siblings by renaming the current route (spec §2): 'UserList' →
 * 'UserCreate', 'UserDetail' → 'UserUpdate'. The kind word at the end is replaced; names with the
 * word elsewhere ('CreateReplayStorage') get their first occurrence replaced, as the reference
 * console's plain string replace did.
 */
export function siblingName(name: string, kind: RouteKind): string {
  const suffix = new RegExp(`${KIND.source}$`);
  if (suffix.test(name)) return name.replace(suffix, kind);
  return name.replace(KIND, kind);
}

/** Server ids are UUIDs: 36 characters of letters, digits and hyphens (spec §5). */
export function isId(value: string): boolean {
  return /^[A-Za-z0-9-]{36}$/.test(value);
}
