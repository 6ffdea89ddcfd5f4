// The build (scripts/build/css-text.mjs) and the test bundler import `.css` files as their text.
declare module '*.css' {
  const text: string;
  export default text;
}
