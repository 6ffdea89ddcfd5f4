import { joinPath } from './route-paths.ts';
import type { RouteRecord } from './routes.ts';

export interface MenuItem {
  key: string;
  /** i18n key from the route meta. */
  title: string;
  icon?: string;
  /** Console path, or the external address when `external`. */
  path: string;
  external: boolean;
  children?: MenuItem[];
}

const visible = (record: RouteRecord) => record.meta?.hidden !== true;

function leaf(record: RouteRecord, path: string, parent?: RouteRecord): MenuItem {
  const href = record.external?.();
  return {
    key: href ?? path,
    title: record.meta?.title ?? parent?.meta?.title ?? '',
    icon: record.meta?.icon ?? parent?.meta?.icon,
    path: href ?? path,
    external: href !== undefined,
  };
}

/**
 * The sidebar menu of the allowed routes (spec §2): hidden records are skipped; a group with exactly
 * one visible leaf child shows as that child unless `alwaysShow`; a group whose children are all
 * hidden shows as itself; records without meta only group their children.
 */
export function menuItems(records: RouteRecord[], parentPath = '/'): MenuItem[] {
  return records.filter(visible).flatMap((record): MenuItem[] => {
    const path = joinPath(parentPath, record.path);
    const shown = (record.children ?? []).filter(visible);
    if (!record.meta) return record.children ? menuItems(record.children, path) : [];
    if (!record.children || shown.length === 0) return [leaf(record, path)];
    const only = shown.length === 1 ? shown[0] : undefined;
    if (only && !only.children?.some(visible) && !record.meta.alwaysShow) {
      return [leaf(only, joinPath(path, only.path), record)];
    }
    return [
      {
        key: path,
        title: record.meta.title,
        icon: record.meta.icon,
        path,
        external: false,
        children: menuItems(record.children, path),
      },
    ];
  });
}
