// /api/v1/terminal/command-storages/ (§2.6): built by terminal/storage-resource.ts.
export { commandStoragesResource } from '../storage-resource.ts';
