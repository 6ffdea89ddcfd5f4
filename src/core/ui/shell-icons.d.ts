// Built by scripts/build/shell-icons.mjs: each icon as the [tag, props] pairs of its <svg>'s shapes.
declare module 'virtual:shell-icons' {
  const shapes: Record<string, [string, Record<string, string>][]>;
  export default shapes;
}
declare module 'virtual:route-icons' {
  const shapes: Record<string, [string, Record<string, string>][]>;
  export default shapes;
}
