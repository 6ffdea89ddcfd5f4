// The benchmark's sections, printed in this order. A later measurement (server timings, page loads)
// is a new module exporting `{ title, run(context) → { headers, rows, notes? } }` added to this list; one marked
// `onRequest` (the ten-minute soak, the door under load) runs only when its group is named.
import { assetListFirstRow, assetListPageBytes } from './asset-list-first-row.mjs';
import { assetsListServer } from './assets-list-server.mjs';
import { batch } from './batch.mjs';
import { csvImportConcurrency } from './csv-import-concurrency.mjs';
import { door } from './door.mjs';
import { doorLoad } from './door-load.mjs';
import { elementSizes } from './element-sizes.mjs';
import { firstLoad } from './first-load.mjs';
import { grantsServer } from './grants-server.mjs';
import { linaFirstRow } from './lina-first-row.mjs';
import { portalCost } from './portal-cost.mjs';
import { replayAsciinema } from './replay-asciinema.mjs';
import { replaySeek } from './replay-seek.mjs';
import { soak } from './soak.mjs';
import { storageFirstFrame } from './storage-first-frame.mjs';
import { storageUpload } from './storage-upload.mjs';
import { terminalServer } from './terminal-server.mjs';
import { usersFirstRow, usersPageBytes } from './users-first-row.mjs';
import { usersListServer } from './users-list-server.mjs';

// The *PageBytes sections report the cold visit their first-row section recorded, so each comes right after it;
// linaFirstRow is the last on the users database (it removes it).
export const SECTIONS = [
  elementSizes,
  portalCost,
  firstLoad,
  usersListServer,
  usersFirstRow,
  usersPageBytes,
  linaFirstRow,
  assetsListServer,
  assetListFirstRow,
  assetListPageBytes,
  csvImportConcurrency,
  grantsServer,
  terminalServer,
  replaySeek,
  replayAsciinema,
  storageUpload,
  storageFirstFrame,
  door,
  doorLoad,
  batch,
  soak,
];

/**
 * `npm run bench -- <group> …` runs only these sections (in the order above): `first-load` is the
 * issue's first-load figures (bytes as sent, cold first rows beside their budgets, and beside Lina
 * 2.3.1's with LINA_DIST set).
 */
export const SECTION_GROUPS = {
  'first-load': [
    elementSizes,
    portalCost,
    firstLoad,
    usersFirstRow,
    usersPageBytes,
    linaFirstRow,
    assetListFirstRow,
    assetListPageBytes,
  ],
  server: [usersListServer, assetsListServer, csvImportConcurrency],
  grants: [grantsServer],
  terminal: [terminalServer],
  replay: [replaySeek, replayAsciinema],
  storage: [storageUpload, storageFirstFrame],
  door: [door],
  'door-load': [doorLoad],
  batch: [batch],
  soak: [soak],
};
