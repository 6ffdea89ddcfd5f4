// /api/v1/terminal/replay-storages/ (§2.6): built by terminal/storage-resource.ts.
export { replayStoragesResource } from '../storage-resource.ts';
