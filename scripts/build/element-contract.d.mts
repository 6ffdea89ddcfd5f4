// Types of element-contract.mjs for the server test that runs it (test/server/house/element-contract.test.ts).
export const MANIFEST_FILE: string;
export const TYPES_DIR: string;
export const DOCS_FILE: string;
export function buildManifest(root?: string): ContractManifest;
export function buildContract(root?: string): Record<string, string>;
export function staleFiles(root?: string): string[];
export function writeContract(root?: string): string[];

export interface ContractManifest {
  schemaVersion: string;
  modules: {
    path: string;
    declarations: {
      name: string;
      tagName?: string;
      customElement?: boolean;
      attributes?: { name: string; fieldName?: string }[];
      members?: { kind: string; name: string; attribute?: string }[];
      events?: { name: string; type?: { text: string }; deprecated?: string }[];
      slots?: { name: string }[];
      cssParts?: { name: string }[];
      cssProperties?: { name: string; default?: string }[];
    }[];
  }[];
}
