// Path joining shared by the route table and the menu (kept apart so neither imports the other).

export function normalizePath(path: string): string {
  const clean = ('/' + path).replace(/\/{2,}/g, '/');
  return clean.length > 1 ? clean.replace(/\/$/, '') : clean;
}

export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return normalizePath(child);
  return normalizePath(child ? `${parent}/${child}` : parent);
}
