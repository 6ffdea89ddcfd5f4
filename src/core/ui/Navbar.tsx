import { useStore } from '@nanostores/react';
import './i18n.ts';
import { $ownsPage } from '../embedding.ts';
import { useT } from '../i18n/index.ts';
import { toggleSidebar } from '../stores/app.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { HelpMenu } from './HelpMenu.tsx';
import { LangMenu } from './LangMenu.tsx';
import { IconButton } from './IconButton.tsx';

export function Navbar({ title }: { title?: string }) {
  const t = useT();
  // Inside a host page the language is the host's (`lang`, or its <html lang>): no menu to change it.
  const ownsPage = useStore($ownsPage);
  return (
    <header className="navbar" part="navbar">
      <IconButton className="hamburger" name="list" label={t('ui.navbar.toggle')} onClick={toggleSidebar} />
      {/* The page's one h1 (axe page-has-heading-one): the page's own heading is its h2. */}
      <h1 className="title">{title ? t(title) : ''}</h1>
      {/* The host's own items for the top bar (<bastion-console>'s `navbar` slot). */}
      <slot name="navbar" />
      <HelpMenu />
      {ownsPage && <LangMenu />}
      <AccountMenu />
    </header>
  );
}
