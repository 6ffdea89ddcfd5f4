// @xterm/headless 6.0 names a browser module (`module: lib/xterm.mjs`) it does not ship; the player
// imports the ES module it does ship, typed as the package.
declare module '@xterm/headless/lib-headless/xterm-headless.mjs' {
  export * from '@xterm/headless';
}
