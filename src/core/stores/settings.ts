import { atom, computed } from 'nanostores';
import { PUBLIC_SETTINGS_URL } from '../config.ts';
import { http } from '../http.ts';
import type { PublicSettings } from '../types.ts';

export type { PublicSettings } from '../types.ts';

/** The `data` of GET /api/v1/settings/public/ (no auth needed). */
export const $publicSettings = atom<PublicSettings>({});

export const $licenseValid = computed($publicSettings, (s) => s.XPACK_LICENSE_IS_VALID === true);

/** Whether the server offers `feature` beyond 2.3's API (public settings' BASTION_FEATURES; none on a 2.3 core). */
export const serverOffers = (feature: string): boolean =>
  Array.isArray($publicSettings.get().BASTION_FEATURES) && $publicSettings.get().BASTION_FEATURES!.includes(feature);

export async function loadPublicSettings(): Promise<PublicSettings> {
  const body = await http.get<{ data?: PublicSettings }>(PUBLIC_SETTINGS_URL);
  return setPublicSettings(body?.data ?? {});
}

/** Settings fetched above or embedded in the console's page (src/core/bootstrap.ts). */
export function setPublicSettings(settings: PublicSettings): PublicSettings {
  $publicSettings.set(settings);
  return settings;
}

/** Points the document's icon at the configured favicon; only when the console owns the page. */
export function applyFavicon(settings: PublicSettings): void {
  const href = settings.LOGO_URLS?.favicon;
  if (!href) return;
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  link.href = href;
}
