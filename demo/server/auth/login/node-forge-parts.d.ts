// node-forge's own files (the RSA and PEM parts alone, not the whole library with TLS): @types/node-forge
// describes only the package entry; the base module is that same forge object, filled by each part.
declare module 'node-forge/lib/forge.js' {
  const forge: unknown;
  export default forge;
}
declare module 'node-forge/lib/pki.js';
declare module 'node-forge/lib/rsa.js';
