// Browser tests (`test/**/*.test.ts(x)` except the node:test server and package suites) in Debian's headless
// Chromium, against a real reference server reached through this dev server's origin.
import { defaultReporter } from '@web/test-runner';
import { chromeLauncher } from '@web/test-runner-chrome';
import { bundleTestsPlugin } from './scripts/wtr/bundle-tests.mjs';
import { djangoGuidePlugin } from './scripts/wtr/django-guide-fixture.mjs';
import { ldapFixturePlugin } from './scripts/wtr/ldap-fixture.mjs';
import { loginCaptchaPlugin } from './scripts/wtr/login-captcha.mjs';
import { nginxFixturePlugin } from './scripts/wtr/nginx-fixture.mjs';
import { portalFixturePlugin } from './scripts/wtr/portal-fixture.mjs';
import { proxyToReferenceServer } from './scripts/wtr/proxy.mjs';
import { referenceServerPlugin } from './scripts/wtr/reference-server.mjs';
import { shoelaceIconsPlugin } from './scripts/wtr/shoelace-icons.mjs';
import { settingsFixturePlugin } from './scripts/wtr/settings-fixture.mjs';
import { loginConfirmFixturePlugin } from './scripts/wtr/login-confirm-fixture.mjs';
import { terminalFixturePlugin } from './scripts/wtr/terminal-fixture.mjs';
import { totalsReporter } from './scripts/wtr/totals-reporter.mjs';
import { webTerminalFixturePlugin } from './scripts/wtr/web-terminal-fixture.mjs';

export default {
  files: ['test/**/*.test.{ts,tsx}', '!test/server/**', '!test/terminal/**', '!test/package/**'],
  rootDir: '.',
  nodeResolve: false, // every test file arrives as one esbuild bundle
  // One file at a time: all pages share one browser context, so the session cookie of one test
  // file's loginAs() would otherwise leak into another running in parallel.
  concurrency: 1,
  testsFinishTimeout: 300_000,
  testFramework: { config: { timeout: 20_000 } },
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
        headless: true,
        args: [
          '--no-sandbox',
          '--headless=new',
          '--disable-gpu',
          '--disable-dev-shm-usage',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
          '--disable-quic',
        ],
      },
    }),
  ],
  middleware: [proxyToReferenceServer],
  plugins: [
    referenceServerPlugin(),
    bundleTestsPlugin(),
    shoelaceIconsPlugin(),
    terminalFixturePlugin(),
    webTerminalFixturePlugin(),
    settingsFixturePlugin(),
    ldapFixturePlugin(),
    loginCaptchaPlugin(),
    nginxFixturePlugin(),
    portalFixturePlugin(),
    loginConfirmFixturePlugin(),
    djangoGuidePlugin(),
  ],
  reporters: [defaultReporter(), totalsReporter()],
};
