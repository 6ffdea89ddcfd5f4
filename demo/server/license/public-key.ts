// The Ed25519 public key licences are verified with. It ships with the server; the matching private key
// signs licences. The demo's private key (test/server/fixtures/license-demo-private.pem, used by
// scripts/make-license.mjs) exists for the tests and the demo only: a real deployment generates its own key
// pair, replaces this constant and keeps the private key away from every server.
export const LICENSE_PUBLIC_KEY_PEM = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAzzk9dzwQPghqOBQhiwARq4OPV8Gxlnl449UU4ATWVWg=
-----END PUBLIC KEY-----
`;
