import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerInternals as RunningServer } from '../../src/server/start-server.ts';
import { type ConfigDir, claudePreToolUse, makeConfigDir, post, serveConfigDir, TOKEN } from './fixtures.ts';

const CHROMIUM = process.env.AGENT_HOOKS_CHROMIUM ?? '/usr/bin/chromium';
// Flags for a closed network: no background connections, no first-run work, no sandbox as root.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const UI_DEADLINE_MS = 15_000;

const unavailable = existsSync(CHROMIUM)
  ? null
  : `no Chromium at ${CHROMIUM}; .ci/run installs Debian's chromium package`;
if (unavailable && process.env.CI)
  throw new Error(`the inspector browser test cannot run under CI: ${unavailable}`);
if (unavailable) console.warn(`skipping the inspector browser test: ${unavailable}`);

describe.skipIf(unavailable !== null)('the inspector in a real browser', () => {
  let config: ConfigDir;
  let server: RunningServer;
  let browser: BrowserContext;
  let page: Page;
  let userDataDir: string;

  beforeAll(async () => {
    config = makeConfigDir();
    server = await serveConfigDir(config);
    const { chromium } = await import('playwright-core');
    userDataDir = mkdtempSync(join(tmpdir(), 'agent-hooks-chromium-'));
    browser = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    page = browser.pages()[0] ?? (await browser.newPage());
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(config.dir, { recursive: true, force: true });
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  });

  it('loads, shows the hooks in force, and says it is live', async () => {
    await page.goto(`${server.url}/`);
    await page
      .getByRole('heading', { level: 1, name: 'agent-hooks inspector' })
      .waitFor({ timeout: UI_DEADLINE_MS });
    expect(await page.title()).toBe('agent-hooks inspector');
    await page.getByText(/Connected to .*: live\./).waitFor({ timeout: UI_DEADLINE_MS });
    const hooks = page.locator('#hooks-body');
    await hooks.getByText('Team payments').waitFor({ timeout: UI_DEADLINE_MS });
    expect(await hooks.textContent()).toMatch(/\.claude\/settings\.json/);
  });

  it('shows a dispatch sent to the server as it happens', async () => {
    const answer = await post(
      `${server.url}/hooks/claude-code/PreToolUse`,
      claudePreToolUse('rm -rf /srv', 'browser-session'),
      TOKEN,
    );
    expect(answer.status).toBe(200);
    const row = page.locator(`#live-rows tr[data-dispatch="${answer.dispatch}"]`);
    await row.waitFor({ timeout: UI_DEADLINE_MS });
    const text = await row.textContent();
    expect(text).toContain('deny');
    expect(text).toContain('browser-session');
    expect(text).toContain('Bash');
  });

  it('finds the dispatch with the audit search, and shows its session timeline', async () => {
    await page.getByLabel('Text').fill('team guard');
    await page.getByLabel('Decision').selectOption('deny');
    const found = page.locator('#search-rows tr', { hasText: 'Blocked by the team guard' });
    // The audit is written in batches a few milliseconds later: search again until it is there.
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Search' }).click();
          await page
            .locator('#search-status')
            .getByText(/record/)
            .waitFor();
          return found.count();
        },
        { timeout: UI_DEADLINE_MS, interval: 200 },
      )
      .toBe(1);
    await found.getByRole('button', { name: 'browser-session' }).click();
    await page.locator('#timeline-list li', { hasText: 'PreToolUse' }).waitFor({ timeout: UI_DEADLINE_MS });
    expect(await page.locator('#timeline-status').textContent()).toContain('browser-session: 1 dispatches');
  });
});
