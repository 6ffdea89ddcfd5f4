import { expect } from '@open-wc/testing';
import { getCookie, setCookie } from '../../src/core/cookies.ts';
import {
  $device,
  $sidebar,
  closeSidebar,
  readSidebarState,
  toggleSidebar,
  watchDevice,
} from '../../src/core/stores/app.ts';
import { clearCoreCookies, snapshotCookies } from './support/cookies.ts';

describe('app store', () => {
  let restoreCookies: () => void;

  beforeEach(() => {
    restoreCookies = snapshotCookies();
    clearCoreCookies();
  });

  afterEach(() => restoreCookies());

  it('reads the sidebar state from sidebarStatus, open by default', () => {
    expect(readSidebarState().opened).to.equal(true);
    setCookie('sidebarStatus', '0');
    expect(readSidebarState().opened).to.equal(false);
    setCookie('sidebarStatus', '1');
    expect(readSidebarState().opened).to.equal(true);
  });

  it('remembers every toggle in the cookie', () => {
    $sidebar.set({ opened: true, withoutAnimation: false });
    toggleSidebar();
    expect($sidebar.get().opened).to.equal(false);
    expect(getCookie('sidebarStatus')).to.equal('0');
    toggleSidebar();
    expect($sidebar.get().opened).to.equal(true);
    expect(getCookie('sidebarStatus')).to.equal('1');
  });

  it('closes without animation when asked', () => {
    closeSidebar(true);
    expect($sidebar.get()).to.deep.equal({ opened: false, withoutAnimation: true });
    expect(getCookie('sidebarStatus')).to.equal('0');
  });

  it('tracks the 992px breakpoint and closes the sidebar in mobile mode', () => {
    const original = window.matchMedia;
    const listeners: (() => void)[] = [];
    let mobile = false;
    const queries: string[] = [];
    window.matchMedia = ((query: string) => {
      queries.push(query);
      return {
        get matches() {
          return mobile;
        },
        addEventListener: (_: string, fn: () => void) => listeners.push(fn),
        removeEventListener: (_: string, fn: () => void) => listeners.splice(listeners.indexOf(fn), 1),
      };
    }) as unknown as typeof window.matchMedia;
    try {
      $sidebar.set({ opened: true, withoutAnimation: false });
      const stop = watchDevice();
      expect(queries).to.deep.equal(['(max-width: 991px)']);
      expect($device.get()).to.equal('desktop');
      expect($sidebar.get().opened).to.equal(true);
      mobile = true;
      listeners.forEach((fn) => fn());
      expect($device.get()).to.equal('mobile');
      expect($sidebar.get()).to.deep.equal({ opened: false, withoutAnimation: true });
      stop();
      expect(listeners).to.have.length(0);
    } finally {
      window.matchMedia = original;
    }
  });
});
