import { useStore } from '@nanostores/react';
import { createElement, useEffect, useRef, useState } from 'react';
import type {
  BastionAsset,
  BastionAssetConnectDetail,
  BastionAssetScope,
  BastionAuthRequiredDetail,
  BastionErrorDetail,
  BastionTokenExpiredDetail,
  BastionTheme,
} from '../core/element-types.ts';
import { $signInRequired } from '../core/embedding.ts';
import { setApiBase } from '../core/http.ts';
import { usePortalAuth } from '../core/portal-auth.ts';
import { useT } from '../core/i18n/index.ts';
import type { Row } from '../core/resource/adapters.ts';
import { $currentOrg } from '../core/stores/org.ts';
import { $profile } from '../core/stores/session.ts';
import { failureText, reportFailure } from '../core/ui/element-failure.ts';
import { emit } from '../core/ui/host-events.ts';
import { callHostApi, useHostApi } from '../core/ui/host-api.ts';
import { embeddedLoginHref, failureNotice, signInPrompt } from '../core/ui/sign-in-prompt.ts';
import { assetScope } from '../pages/assets/browser/asset-scope.ts';
import { AssetBrowser } from '../pages/assets/browser/AssetBrowser.tsx';
import { useEmbeddedSession } from '../pages/assets/browser/embedded-session.ts';
import { webTerminalUrl } from '../pages/assets/browser/web-terminal-url.ts';
import { defineElement, elementClass, type CommonProps } from './define.ts';

export interface BastionAssetListProps extends CommonProps {
  apiBase?: string;
  scope?: string;
  org?: string;
  node?: string;
  pageSize?: number;
  selectable?: boolean;
  token?: string;
  clientId?: string;
  redirectUri?: string;
}

// The asset tree + table for any page: no router, no shell, no other section's texts, no xterm.
function BastionAssetList({
  apiBase,
  scope,
  org,
  node,
  pageSize,
  selectable,
  token,
  clientId,
  redirectUri,
}: BastionAssetListProps) {
  if (apiBase !== undefined) setApiBase(apiBase);
  const t = useT();
  const root = useRef<HTMLDivElement>(null);
  // Before the session check below: its first call already carries the token.
  usePortalAuth({ token, clientId, redirectUri }, () =>
    emit<BastionTokenExpiredDetail>(root.current, 'bastion-token-expired', { reason: 'expired' }),
  );
  const session = useEmbeddedSession(org);
  const reason = useStore($signInRequired);
  // Unpinned, the list follows the page's org: another element switching it shows the new org's assets.
  const pageOrg = useStore($currentOrg)?.id;
  const [failure, setFailure] = useState<BastionErrorDetail | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const shownOrg = org || pageOrg || '';
  const profile = useStore($profile);
  // Undefined or unknown: by the user's role in the current org (a plain user's own assets).
  const shownScope = assetScope(scope, profile);
  useEffect(() => setFailure(null), [shownOrg, shownScope, node]);
  useHostApi(root, {
    refresh: () => {
      setFailure(null);
      setRefreshKey((n) => n + 1);
    },
  });
  const anonymous = session === 'anonymous';
  useEffect(() => {
    if (anonymous)
      emit<BastionAuthRequiredDetail>(root.current, 'bastion-auth-required', {
        reason: reason ?? 'no-session',
        loginUrl: embeddedLoginHref(),
      });
  }, [anonymous, reason]);
  const send = (type: string, detail: unknown) => emit(root.current, type, detail);
  // The host may take Connect over (its own terminal, a confirmation first): then nothing opens here.
  const connect = (asset: BastionAsset) => {
    const url = webTerminalUrl(String(asset.id));
    if (emit<BastionAssetConnectDetail>(root.current, 'bastion-asset-connect', { asset, url }, { cancelable: true }))
      window.open(url, '_blank', 'noopener');
  };
  // The tree and the page fail together when the server refuses: one message, one event.
  const failed = useRef(false);
  const fail = (error: unknown) => {
    if (failed.current) return;
    failed.current = true;
    setFailure(reportFailure(root.current, error));
  };
  useEffect(() => {
    if (!failure) failed.current = false;
  }, [failure]);

  return createElement(
    'div',
    { ref: root, className: 'bastion-asset-list' },
    anonymous && signInPrompt({ prompt: t('assets.signIn.prompt'), link: t('assets.signIn.link') }),
    !anonymous && failure && failureNotice(failureText(t, failure)),
    session === 'ready' &&
      !failure &&
      createElement(AssetBrowser, {
        key: `${shownScope}:${shownOrg}`,
        scope: shownScope,
        node,
        pageSize,
        selectable,
        refreshKey,
        org: org || undefined,
        onSelect: (rows: Row[]) => send('bastion-asset-select', rows),
        onOpen: (row: Row) => send('bastion-asset-open', row),
        onConnect: (row: Row) => connect(row as BastionAsset),
        onFailure: fail,
      }),
  );
}

/**
 * The asset tree beside a table of assets, for any page: a node picked in the tree lists its assets,
 * a search filters them, rows can be checked, a hostname opened and an asset connected to in the
 * bastion's web terminal. A plain user sees the assets they were granted (the user page's "My
 * assets": their granted tree, favourites marked), an admin of the org every asset of it; `scope`
 * picks. It shares the session and the org of the page's other elements (the console's among them)
 * unless `org` pins its own. Signed out, it shows a sign-in link back to this page; a call the server
 * refuses shows "not allowed".
 *
 * @tag bastion-asset-list
 * @summary The asset tree and table, embeddable in any page.
 *
 * @fires {CustomEvent<BastionAsset[]>} bastion-asset-select - The checked rows changed (with `selectable`); detail: the checked assets.
 * @fires {CustomEvent<BastionAsset>} bastion-asset-open - A hostname was clicked; detail: that asset.
 * @fires {CustomEvent<BastionAssetConnectDetail>} bastion-asset-connect - Connect was clicked on a row; detail: the asset and the web terminal's `url` (`<bastion>/luna/?login_to=<id>`). Cancelable: unless the host calls `preventDefault()`, the list opens `url` in a new tab (`window.open(url, '_blank', 'noopener')`), where the terminal signs in on the bastion's origin.
 * @fires {CustomEvent<BastionAuthRequiredDetail>} bastion-auth-required - Nobody is signed in (any more); the list shows a sign-in link.
 * @fires {CustomEvent<BastionTokenExpiredDetail>} bastion-token-expired - The `token` ran out, or the server refused it (revoked); set a fresh one.
 * @fires {CustomEvent<BastionErrorDetail>} bastion-error - The tree or the list could not load (403: not allowed); the list shows why.
 * @fires {CustomEvent<BastionAsset[]>} asset-select - Deprecated: use `bastion-asset-select` (same detail).
 * @fires {CustomEvent<BastionAsset>} asset-open - Deprecated: use `bastion-asset-open` (same detail).
 *
 * @slot toolbar - Controls of the host's own, placed in the toolbar after the search box.
 * @slot empty - What an empty list says (default: "No data").
 *
 * @csspart tree - The node tree on the left.
 * @csspart toolbar - The bar above the table (sub-node switch, search, the `toolbar` slot).
 * @csspart table - The table of assets.
 * @csspart pager - The total, page size and page buttons under the table.
 */
export class BastionAssetListElement extends elementClass(BastionAssetList, {
  props: {
    apiBase: 'string',
    scope: 'string',
    org: 'string',
    node: 'string',
    pageSize: 'number',
    selectable: 'boolean',
    token: 'secret',
    clientId: 'string',
    redirectUri: 'string',
  },
}) {
  /**
   * Where the API lives when not on this origin (default: same origin).
   * @attr api-base
   */
  declare apiBase: string | undefined;

  /**
   * Whose assets: `mine`, what the signed-in user was granted (their granted tree, favourites marked;
   * across their orgs), or `org`, every asset of the org (only its admins may: others see "not allowed").
   * Default: `org` for someone who administers the current org (super admin, org admin), else `mine`
   * (auditors too). Rows offer Connect in both: the terminal checks the user's own grants.
   * @attr scope
   */
  declare scope: BastionAssetScope | undefined;

  /**
   * The id of an org to list, pinned for this element only (the page's other elements keep theirs);
   * default: the page's current org.
   * @attr org
   */
  declare org: string | undefined;

  /**
   * The id of the node the tree starts on; setting it later picks that node.
   * @attr node
   */
  declare node: string | undefined;

  /**
   * Rows per page (default 15); a change goes back to page 1.
   * @attr page-size
   */
  declare pageSize: number | undefined;

  /**
   * Rows get check boxes and `bastion-asset-select` reports the checked ones.
   * @attr selectable
   */
  declare selectable: boolean;

  /**
   * An access token for a portal on another origin (from its back end, or the popup sign-in): sent as
   * `Authorization: Bearer`, shared by every element of the page. Set it as a property (an attribute
   * shows it to every script and selector of the page); set a fresh one on `bastion-token-expired`.
   * @attr token
   */
  declare token: string | undefined;

  /**
   * The portal's OAuth client id (registered on the server): signed out, the element offers a popup
   * sign-in (authorization code + PKCE) instead of a link to the login form.
   * @attr client-id
   */
  declare clientId: string | undefined;

  /**
   * Where the popup sign-in comes back: a page of the portal registered with its client (default: this page's URL).
   * @attr redirect-uri
   */
  declare redirectUri: string | undefined;

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

  /** Loads the tree and the current page again (after the host changed assets). */
  refresh(): Promise<void> {
    return callHostApi(this, 'refresh').then(() => undefined);
  }
}

defineElement('bastion-asset-list', BastionAssetListElement);

export type { BastionAsset, BastionAssetConnectDetail, BastionAssetScope };
