// React 19 ships CommonJS only, so web-test-runner cannot serve it as native modules. Each test file
// is bundled with esbuild when the browser requests it (~0.3 s), with everything it imports.
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { shellIconsEsbuild } from '../build/shell-icons.mjs';

const TEST_FILE = /\.test\.tsx?$/;

export async function bundleTestFile(file) {
  const result = await build({
    entryPoints: [file],
    // Beside the test file, so source-map paths resolve against the URL the browser loaded it from.
    outdir: dirname(file),
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"development"' },
    loader: { '.css': 'text' },
    sourcemap: 'inline',
    logLevel: 'silent',
    plugins: [shellIconsEsbuild()],
  });
  return result.outputFiles[0].text;
}

/** wtr plugin: serves `*.test.ts(x)` requests as one ES module bundle each. */
export function bundleTestsPlugin({ rootDir = process.cwd() } = {}) {
  return {
    name: 'bundle-tests-with-esbuild',
    async serve(context) {
      if (!TEST_FILE.test(context.path)) return undefined;
      const file = join(rootDir, decodeURIComponent(context.path));
      try {
        return { body: await bundleTestFile(file), type: 'js' };
      } catch (error) {
        // The browser only says "could not import"; the reason is esbuild's message.
        console.error(`\nCannot bundle ${context.path}:\n${error.message}`);
        throw error;
      }
    },
  };
}
