import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's chromium package; `.ci/run` installs it. Playwright's own browser downloads are not used. */
export const CHROMIUM = '/usr/bin/chromium';

export const chromiumMissing = (): string | null =>
  existsSync(CHROMIUM) ? null : `${CHROMIUM} is missing: install the Debian package (apt-get install -y chromium), as .ci/run does`;

export interface Browser {
  page: Page;
  /** Errors the page threw and console errors it printed (a CSP violation prints one). */
  problems: string[];
  close(): Promise<void>;
}

/** Headless Chromium with a fresh profile, removed on close. */
export async function launchBrowser(viewport = { width: 1440, height: 1000 }): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'mason-explorer-profile-'));
  let context: BrowserContext;
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
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
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
