// The demo portal (demo/portal/, `npm start` serves it on 127.0.0.2:8081) as a registered OAuth client.
// Its redirect URI counts only while its origin is on BASTION_CORS_ORIGINS (npm start puts it there);
// `npm start` with another PORTAL_PORT registers that one again at start (main.ts, BASTION_DEMO_PORTAL).
import type { DB } from '../core/db/open.ts';
import { DEMO_PORTAL_CLIENT, demoPortalRedirectUris, savePortalClient } from '../portal/clients.ts';

export function seedPortals(db: DB, nowMs: number): void {
  savePortalClient(
    db,
    {
      clientId: DEMO_PORTAL_CLIENT,
      name: 'Demo portal',
      redirectUris: demoPortalRedirectUris('http://127.0.0.2:8081'),
      createdBy: 'Administrator',
    },
    nowMs,
  );
}
