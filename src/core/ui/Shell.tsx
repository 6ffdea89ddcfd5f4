import { useStore } from '@nanostores/react';
import { useRef, type ReactNode } from 'react';
import { useT } from '../i18n/index.ts';
import { $device, $sidebar, closeSidebar } from '../stores/app.ts';
import { Footer } from './Footer.tsx';
import { Navbar } from './Navbar.tsx';
import { Sidebar } from './Sidebar.tsx';
import { TagsView } from './TagsView.tsx';

/** The layout around every page: sidebar, top bar, tabs, the page, footer (spec §1). */
export function Shell(props: { activePath: string; title?: string; children: ReactNode }) {
  const { activePath, title, children } = props;
  const sidebar = useStore($sidebar);
  const device = useStore($device);
  const t = useT();
  const main = useRef<HTMLElement>(null);
  const mobile = device === 'mobile';
  const classes = ['app', sidebar.opened ? 'opened' : 'collapsed', mobile ? 'mobile' : 'desktop'];
  if (sidebar.withoutAnimation) classes.push('no-animation');
  return (
    <div className={classes.join(' ')}>
      {/* The first stop of Tab: past the menu to the page. Focus moves there (no address change: the
          route lives in the hash, or in memory inside a host page). */}
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          main.current?.focus();
        }}
      >
        {t('element.skipToMain')}
      </a>
      {mobile && sidebar.opened && <div className="sidebar-mask" onClick={() => closeSidebar(false)} />}
      <Sidebar activePath={activePath} />
      <div className="main" part="main">
        <Navbar title={title} />
        <TagsView />
        <main className="page" id="main" ref={main} tabIndex={-1}>
          {children}
        </main>
        <Footer />
      </div>
    </div>
  );
}
