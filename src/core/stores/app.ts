import { atom } from 'nanostores';
import { MOBILE_BREAKPOINT } from '../config.ts';
import { COOKIE, getCookie, setCookie } from '../cookies.ts';

export interface SidebarState {
  opened: boolean;
  withoutAnimation: boolean;
}

export type Device = 'desktop' | 'mobile';

/** Cookie sidebarStatus: '1' open, '0' closed, absent means open (spec §2). */
export function readSidebarState(): SidebarState {
  return { opened: getCookie(COOKIE.sidebarStatus) !== '0', withoutAnimation: false };
}

export const $sidebar = atom<SidebarState>(readSidebarState());
export const $device = atom<Device>('desktop');

export function toggleSidebar(): void {
  const opened = !$sidebar.get().opened;
  setCookie(COOKIE.sidebarStatus, opened ? '1' : '0');
  $sidebar.set({ opened, withoutAnimation: false });
}

export function openSidebar(): void {
  setCookie(COOKIE.sidebarStatus, '1');
  $sidebar.set({ opened: true, withoutAnimation: false });
}

export function closeSidebar(withoutAnimation = false): void {
  setCookie(COOKIE.sidebarStatus, '0');
  $sidebar.set({ opened: false, withoutAnimation });
}

export function setDevice(device: Device): void {
  $device.set(device);
}

/** Follows the 992px breakpoint; entering mobile mode closes the sidebar at once. */
export function watchDevice(): () => void {
  const query = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT - 1}px)`);
  const apply = () => {
    setDevice(query.matches ? 'mobile' : 'desktop');
    if (query.matches) closeSidebar(true);
  };
  apply();
  query.addEventListener('change', apply);
  return () => query.removeEventListener('change', apply);
}
