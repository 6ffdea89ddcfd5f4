import { COOKIE_DAYS } from './config.ts';

/** Every cookie the console reads or writes (spec §3, §4). */
export const COOKIE = {
  csrftoken: 'csrftoken',
  currentOrg: 'jms_current_org',
  currentRole: 'jms_current_role',
  legacyCurrentOrg: 'currentOrg',
  legacyCurrentRole: 'currentRole',
  sidebarStatus: 'sidebarStatus',
  language: 'django_language',
  orgHeader: 'X-JMS-ORG',
  activeTab: 'activeTab',
} as const;

export function getCookie(name: string): string | undefined {
  // Called on every request: compare encoded names and decode only the value found.
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return safeDecode(part.slice(prefix.length));
  }
  return undefined;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // a cookie written by another app without encoding
  }
}

// Path '/' because the console (/ui/), the server pages (/core/) and embedding host pages must all
// see the same org, role and language.
export function setCookie(name: string, value: string, days: number = COOKIE_DAYS): void {
  const expires = new Date(Date.now() + days * 86400000).toUTCString();
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`;
}

export function removeCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
