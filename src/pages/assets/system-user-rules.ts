// jumpserver-api.md §2.3: which fields a system user's protocol and login mode make meaningful.
// Used by its form (values) and its detail page (the object): both are plain records.

type Values = Record<string, unknown>;

export const isAuto = (v: Values) => (v.login_mode ?? 'auto') === 'auto';
export const protocolOf = (v: Values) => String(v.protocol ?? 'ssh');
export const isSsh = (v: Values) => protocolOf(v) === 'ssh';
/** The server forces auto_push off for manual login and for protocols it cannot push to. */
export const canPush = (v: Values) => isAuto(v) && ['ssh', 'rdp'].includes(protocolOf(v));
export const hasCredentials = (v: Values) => isAuto(v) && protocolOf(v) !== 'k8s';
export const usesKey = (v: Values) =>
  hasCredentials(v) && ['ssh', 'rdp'].includes(protocolOf(v)) && !v.auto_generate_key;
export const pushesSsh = (v: Values) => canPush(v) && isSsh(v);

export const usernameNeeded = (v: Values) => isAuto(v) && protocolOf(v) !== 'vnc' && !v.username_same_with_user;

// Only when creating (no id yet): an update leaves empty secrets unchanged.
export const credentialNeeded = (v: Values) =>
  v.id === undefined && isAuto(v) && ['ssh', 'rdp'].includes(protocolOf(v)) && !v.private_key && !v.auto_generate_key;
