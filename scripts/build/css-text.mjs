// `import styles from './x.css'` yields the stylesheet as a string, so components can put it into a
// constructable stylesheet inside their shadow root (no global CSS leaks into host pages).
export function cssAsText() {
  return {
    name: 'css-as-text',
    transform(code, id) {
      if (!id.endsWith('.css')) return null;
      return { code: `export default ${JSON.stringify(code)};`, map: { mappings: '' } };
    },
  };
}
