import { timeZone } from './http.ts';
import { $lang } from './stores/locale.ts';
import type { Profile, PublicSettings } from './types.ts';

/** The `<script type="application/json">` block the reference server puts into the console's page. */
export const BOOTSTRAP_ID = 'bastion-bootstrap';

/**
 * What the server knew when it rendered the page (demo/server/web/console-page.ts): the public
 * settings, and for a signed-in browser the profile with the org, language and zone it was built in.
 */
export interface Bootstrap {
  publicSettings?: PublicSettings;
  profile?: Profile;
  org?: string | null;
  lang?: string;
  tz?: string;
}

/**
 * The page's bootstrap data, once: it describes the moment the page was loaded, so the block is
 * removed and a later guard run asks the API again. Null without the block (embedded elements,
 * other servers) or when it cannot be read.
 */
export function takeBootstrap(): Bootstrap | null {
  const block = document.getElementById(BOOTSTRAP_ID);
  if (!block || block.getAttribute('type') !== 'application/json') return null;
  block.remove();
  try {
    const data = JSON.parse(block.textContent ?? '') as Bootstrap | null;
    return data && typeof data === 'object' ? data : null;
  } catch {
    return null;
  }
}

/** The embedded profile, when it was built in the org the console asks in (`askedOrg`, as in X-JMS-ORG). */
export function bootstrapProfile(data: Bootstrap | null, askedOrg: string | undefined): Profile | null {
  if (!data?.profile || typeof data.profile !== 'object') return null;
  return data.org === (askedOrg ?? null) ? data.profile : null;
}

/**
 * Whether the embedded profile's texts (role and source labels, dates) are those the console's own
 * call would get: that call carries the console's language and the browser's zone, the page's
 * navigation only the browser's language and no zone.
 */
export function bootstrapTextsMatch(data: Bootstrap): boolean {
  const lang = $lang.get();
  const served = data.lang === 'zh' || data.lang === 'en' ? data.lang : null;
  return served === lang && data.tz === timeZone();
}
