// SPDX-License-Identifier: GPL-3.0-or-later
// Debian's Chromium driven by playwright-core, plus the checks every page gets: axe-core (no
// serious or critical violation), no script errors or CSP violations, and a screenshot saved
// to ${build}/screenshots/web/ for people to look at.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { axePath, chromiumPath, playwright, screenshotDir } from './env.mjs';

const axeSource = fs.readFileSync(axePath, 'utf8');

export async function launch() {
  return playwright.chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
  });
}

/** A fresh browser profile (cookies, storage) with page-error tracking. */
export async function newPage(browser, { width = 1280, height = 860, locale = 'en-GB', ...options } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, locale, acceptDownloads: true, ...options });
  const page = await context.newPage();
  page.problems = [];
  page.on('pageerror', (error) => page.problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    // A failed request is reported by the page itself; CSP violations and script errors are not.
    if (message.type() === 'error' && !/Failed to load resource/.test(text)) page.problems.push(`console: ${text}`);
  });
  page.setDefaultTimeout(15000);
  return page;
}

export async function screenshot(page, name) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** axe-core on the page as it is: no serious or critical violation. */
export async function checkAccessibility(page, label) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  });
  assert.deepEqual(violations, [], `axe on ${label}`);
}

/** Screenshot + axe + no script errors: what every page in every test gets. */
export async function checkPage(page, name) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await screenshot(page, name);
  await checkAccessibility(page, name);
  assert.deepEqual(page.problems, [], `script errors on ${name}`);
}
