import { useState } from 'react';
import { COOKIE, getCookie, setCookie } from '../cookies.ts';
import { hashPath, hashSearch, navigateHash } from './hash-location.ts';

/** The remembered tab: query `activeTab`, else cookie `activeTab`, else the first (spec §2). */
export function pickActiveTab(tabs: readonly string[]): string {
  const fromQuery = new URLSearchParams(hashSearch()).get('activeTab');
  if (fromQuery && tabs.includes(fromQuery)) return fromQuery;
  const fromCookie = getCookie(COOKIE.activeTab);
  if (fromCookie && tabs.includes(fromCookie)) return fromCookie;
  return tabs[0];
}

/** Switching writes both places, so a reload or a shared link opens the same tab. */
export function useActiveTab(tabs: readonly string[]): [string, (tab: string) => void] {
  const [active, setActive] = useState(() => pickActiveTab(tabs));
  const choose = (tab: string) => {
    if (!tabs.includes(tab)) return;
    setCookie(COOKIE.activeTab, tab);
    const query = new URLSearchParams(hashSearch());
    query.set('activeTab', tab);
    navigateHash(`${hashPath()}?${query}`, { replace: true });
    setActive(tab);
  };
  return [active, choose];
}
