// The detail of every event the elements send, as a host page sees it. Only types, with no imports:
// the build copies this file as the declarations hosts read (scripts/build/element-contract.mjs).

/** Why the user has to sign in. */
export type BastionSignInReason = 'no-session' | 'expired' | 'signed-out';

/** `bastion-auth-required`: nobody is signed in (any more); the element shows its sign-in prompt. */
export interface BastionAuthRequiredDetail {
  reason: BastionSignInReason;
  /** The login form, told to come back to this page. */
  loginUrl: string;
}

/** `bastion-error`: a call the element made failed; it shows the failure in its box too. */
export interface BastionErrorDetail {
  /** HTTP status; 0 when no answer came (network, timeout), 403 when the user is not allowed. */
  status: number;
  /** The text the element shows (the server's message when it gave one). */
  message: string;
  /** The API address that failed, when there was one. */
  url?: string;
}

/** An organisation as the API names it. */
export interface BastionOrg {
  id: string;
  name: string;
}

/** `bastion-org-change`: the console switched to another org (elements without a pinned `org` follow). */
export interface BastionOrgChangeDetail {
  org: BastionOrg;
}

/** `bastion-navigate`: the embedded console opened another page (its route, with the query). */
export interface BastionNavigateDetail {
  path: string;
}

/** An asset row of `<bastion-asset-list>`, as the API lists it. */
export interface BastionAsset {
  id: string;
  hostname: string;
  ip: string;
  platform?: string;
  [field: string]: unknown;
}

/**
 * What `<bastion-asset-list>` lists: `mine`, the assets the signed-in user was granted (the user page's
 * "My assets"), or `org`, every asset of the current org (its admins only).
 */
export type BastionAssetScope = 'mine' | 'org';

/**
 * `bastion-asset-connect` (cancelable): Connect was clicked on a row. Unless the host calls
 * `preventDefault()`, the list then opens `url` (the bastion's web terminal) in a new tab.
 */
export interface BastionAssetConnectDetail {
  asset: BastionAsset;
  /** The web terminal for this asset on the bastion's origin: `<origin>/luna/?login_to=<asset id>`. */
  url: string;
}

/** `bastion-replay-ready`: the first frame is drawn. */
export interface BastionReplayReadyDetail {
  session: string;
  /** The session's length in seconds as the server recorded it (end − start); null while it is still running. */
  duration: number | null;
  /** Where the screen was put, in seconds. */
  start: number;
  /** How many commands the session has. */
  commands: number;
}

/** `bastion-replay-ended`: playing reached the end of the recording. */
export interface BastionReplayEndedDetail {
  session: string;
}

/** `bastion-replay-error`: the recording cannot be played (sent once per session). */
export interface BastionReplayErrorDetail {
  session: string;
  message: string;
  status?: number;
}

/**
 * `bastion-replay-play`, `bastion-replay-pause`, `bastion-replay-timeupdate`: where the replay is, in
 * seconds of the player's clock (after an idle time limit), and how long it is.
 */
export interface BastionReplayTimeDetail {
  currentTime: number;
  /** The recording's length so far (it grows while a long recording is still arriving). */
  duration: number;
}

/** `bastion-replay-marker`: playing reached a marker. */
export interface BastionReplayMarkerDetail {
  /** Its place among the player's markers (the index `seek({ marker })` takes). */
  index: number;
  /** Seconds of the player's clock. */
  time: number;
  /** Its label: the one given, or the command's text when the session's commands are the markers. */
  label: string;
}

/** A marker as asciinema-player takes it: seconds, or seconds and a label. */
export type BastionReplayMarker = number | [number, string];

/** Where `seek()` goes: seconds, `"50%"`, `"<<"`/`">>"` (5 s), `"<<<"`/`">>>"` (a tenth), a marker, or a command id. */
export type BastionReplaySeekTarget = number | string | { marker: number | 'prev' | 'next' };

/** Values of the replay's `fit` attribute (`false` as `none`). */
export type BastionReplayFit = 'width' | 'height' | 'both' | 'none' | 'false';

/** Values of the `theme` attribute: `auto` follows the system's `prefers-color-scheme`. */
export type BastionTheme = 'auto' | 'light' | 'dark';

/**
 * `bastion-token-expired`: the server refused the access token the element was given (expired or
 * revoked); the element shows its sign-in prompt until the portal sets a fresh `token`.
 */
export interface BastionTokenExpiredDetail {
  reason: 'expired';
}
