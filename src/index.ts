// The package's main module: what a host sets once for every element. Each element is its own module
// (`bastion-console/bastion-asset-list`, …), imported for its side effect of defining the tag.
export { basePath, setBasePath } from './core/ui/asset-base.ts';
