import type { RouteRecord } from '../../core/routes.ts';

/** ROUTES.md's `L`: these routes exist only while the extended licence is valid. */
export const licensed = (records: RouteRecord[]): RouteRecord[] =>
  records.map((record) => ({
    ...record,
    meta: { ...record.meta, title: record.meta?.title ?? '', licenseRequired: true },
  }));
