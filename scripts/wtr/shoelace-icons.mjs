// Components set Shoelace's base path from their module URL, which under test is the test file's
// folder. Serve the icons from any `.../shoelace/assets/icons/` path so tests see real icons instead of
// a page full of 404 warnings.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const ICONS = 'node_modules/@shoelace-style/shoelace/dist/assets/icons';
const ICON_PATH = /\/shoelace\/assets\/icons\/([a-z0-9-]+\.svg)$/;

export function shoelaceIconsPlugin() {
  return {
    name: 'shoelace-icons',
    async serve(context) {
      const match = ICON_PATH.exec(context.path);
      if (!match || context.path.startsWith('/ui/')) return undefined; // /ui/ is the built console
      const body = await readFile(join(ICONS, match[1]), 'utf8').catch(() => undefined);
      return body === undefined ? undefined : { body, type: 'svg' };
    },
  };
}
