// Headless Chromium for the explorer's test and its screenshot script (plain JS: both use it).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

/** Debian's chromium package; `.ci/run` installs it. Playwright's own browser downloads are not used. */
export const CHROMIUM = '/usr/bin/chromium';

/** Why the browser cannot run here, or null. */
export const chromiumMissing = () =>
  existsSync(CHROMIUM) ? null : `${CHROMIUM} is missing: install the Debian package (apt-get install -y chromium), as .ci/run does`;

/**
 * Launches headless Chromium with a fresh profile (removed on close). `problems` collects what
 * the page threw and the console errors it printed (a CSP violation or a failed load prints one).
 * @returns {Promise<{ page: import('playwright-core').Page, problems: string[], close(): Promise<void> }>}
 */
export async function launchBrowser(viewport = { width: 1440, height: 1000 }) {
  const profile = mkdtempSync(join(tmpdir(), 'mason-explorer-profile-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      viewport,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
  const page = context.pages()[0] ?? (await context.newPage());
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()} (${message.location().url})`);
  });
  return {
    page,
    problems,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
