// Types of make-license.mjs for the server tests that make licences with it (test/server/license*.test.ts).
export const DEMO_PRIVATE_KEY: string;
export function makeLicense(
  terms: {
    subscription_id?: string;
    corporation?: string;
    edition?: string;
    asset_count?: number;
    date_expired: string;
  },
  privateKeyPem?: string,
): string;
