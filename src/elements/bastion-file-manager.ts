import { createElement } from 'react';
// BastionAuthRequiredDetail is named in the @fires JSDoc below, which editors and the element manifest read.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
import type { BastionAuthRequiredDetail, BastionTheme } from '../core/element-types.ts';
import { setApiBase } from '../core/http.ts';
import { useT } from '../core/i18n/index.ts';
import { FileManagerPage } from '../pages/files/FileManagerPage.tsx';
import '../pages/files/i18n.ts';
import { opensOnBastion, usePageSession } from './page-sign-in.ts';
import { defineElement, elementClass, type CommonProps } from './define.ts';

export interface BastionFileManagerProps extends CommonProps {
  apiBase?: string;
  asset?: string;
  systemUser?: string;
  path?: string;
}

const FILE_MANAGER_PAGE = '/koko/elfinder/sftp/';
const onOwnPage = () => window.location.pathname.startsWith('/koko/elfinder/');

/** The web file manager (`/koko/elfinder/sftp/`): the user's granted assets' files, as over SFTP. */
function BastionFileManager({ apiBase, asset, systemUser, path }: BastionFileManagerProps) {
  if (apiBase !== undefined) setApiBase(apiBase);
  const t = useT();
  const { session, signedOut } = usePageSession(onOwnPage(), {
    prompt: t('files.signIn.prompt'),
    link: t('files.signIn.link'),
  });
  const elsewhere = opensOnBastion(FILE_MANAGER_PAGE, t);
  if (elsewhere) return elsewhere;
  if (signedOut) return signedOut;
  return session === 'ready' ? createElement(FileManagerPage, { asset, systemUser, path }) : null;
}

/**
 * The web file manager (the page `/koko/elfinder/sftp/`, the menu's WebFTP / File manager link): the
 * signed-in user's granted assets, their system users, then the asset's files — list, folders,
 * breadcrumb, upload (several files, progress, cancel), download, new folder, rename, delete. The
 * terminal component does the work, with the same permission checks and FTP log as SFTP.
 *
 * @tag bastion-file-manager
 * @summary Files of the user's granted assets: browse, upload, download, rename, delete.
 *
 * @fires {CustomEvent<BastionAuthRequiredDetail>} bastion-auth-required - Nobody is signed in, in a host page (on its own page it navigates to sign in).
 */
export class BastionFileManagerElement extends elementClass(BastionFileManager, {
  props: { apiBase: 'string', asset: 'string', systemUser: 'string', path: 'string' },
}) {
  /**
   * Where the API lives (default: this origin). The file manager works on the bastion's origin only (its
   * calls ride on the bastion's signed-in session): on another origin it shows a link that opens the
   * bastion's file manager in a new tab instead.
   * @attr api-base
   */
  declare apiBase: string | undefined;

  /**
   * The id of an asset whose folder to open.
   * @attr asset
   */
  declare asset: string | undefined;

  /**
   * With `asset`: the id of the system user whose folder to open.
   * @attr system-user
   */
  declare systemUser: string | undefined;

  /**
   * A folder of the tree to open (e.g. `/web-01/root/var/log`), when no asset is given.
   * @attr path
   */
  declare path: string | undefined;

  /**
   * The language (`zh`, `en`, or a tag such as `zh-CN`); default: the host page's `<html lang>`.
   * @attr lang
   */
  declare lang: string;

  /**
   * `light`, `dark`, or `auto` (default: the system's `prefers-color-scheme`).
   * @attr theme
   */
  declare theme: BastionTheme | undefined;
}

defineElement('bastion-file-manager', BastionFileManagerElement);
