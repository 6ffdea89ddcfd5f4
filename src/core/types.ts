// Shapes of the server data the core reads (jumpserver-api.md §1.15, §1.16).

export interface Org {
  id: string;
  name: string;
}

/** The fields of GET /api/v1/users/profile/ the console relies on; the rest pass through. */
export interface Profile {
  id: string;
  name: string;
  username: string;
  role: string;
  current_org_roles: string[];
  admin_or_audit_orgs: Org[];
  is_first_login: boolean;
  [field: string]: unknown;
}

export interface PublicSettings {
  LOGO_URLS?: { favicon?: string; logo_index?: string; logo_logout?: string; login_image?: string };
  XPACK_ENABLED?: boolean;
  XPACK_LICENSE_IS_VALID?: boolean;
  SECURITY_MFA_VERIFY_TTL?: number;
  SECURITY_COMMAND_EXECUTION?: boolean;
  TICKETS_ENABLED?: boolean;
  /** What the server offers beyond 2.3's API (the reference server names them; a 2.3 core has no such field). */
  BASTION_FEATURES?: string[];
  [setting: string]: unknown;
}
