// SPDX-License-Identifier: GPL-3.0-or-later
// The session on load: signed out, the shop asks the server nothing about it (no 401 in the
// console); signed in, a reload still finds the fan; signed out again, no 401 either.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { checkPage, launch, newPage } from './support/browser.mjs';
import { fanEmail, fanPassword, signIn } from './support/shop.mjs';
import { startStack } from './support/stack.mjs';

let stack;
let browser;

before(async () => {
  stack = await startStack();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Every console error (failed loads included) and every 401 answer the page gets. */
function watch(page) {
  const seen = { errors: [], unauthorized: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') seen.errors.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() === 401) seen.unauthorized.push(`${response.request().method()} ${response.url()}`);
  });
  return seen;
}

async function settled(page) {
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
}

test('signed out nothing answers 401; signed in a reload keeps the fan', async () => {
  const email = fanEmail('session');
  const registered = await stack.api('POST', '/auth/register', { email, password: fanPassword, name: 'Session Fan' }, { token: null });
  assert.equal(registered.status, 201);

  const page = await newPage(browser);
  const seen = watch(page);
  for (const path of ['/', '/account/orders', '/signin']) {
    await page.goto(`${stack.baseUrl}${path}`);
    await settled(page);
  }
  assert.deepEqual(seen, { errors: [], unauthorized: [] }, 'signed out');
  await page.getByRole('link', { name: 'Sign in' }).waitFor();
  await checkPage(page, 'session-signed-out');

  await signIn(page, email);
  await page.waitForURL(/\/account\/orders$/);
  await page.locator('.who').getByText('Session Fan').waitFor();
  await page.reload();
  await settled(page);
  await page.locator('.who').getByText('Session Fan').waitFor();
  await page.getByRole('heading', { name: 'My orders' }).waitFor();
  assert.equal(await page.locator('.auth-panel').count(), 0, 'the orders page does not ask to sign in again');
  await checkPage(page, 'session-signed-in-reloaded');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('link', { name: 'Sign in' }).waitFor();
  await page.reload();
  await settled(page);
  await page.getByRole('link', { name: 'Sign in' }).waitFor();
  assert.deepEqual(seen, { errors: [], unauthorized: [] }, 'after signing in, reloading and signing out');
  await page.context().close();
});

test('a session the server no longer knows is asked about once, then not again', async () => {
  const email = fanEmail('gone');
  await stack.api('POST', '/auth/register', { email, password: fanPassword, name: 'Gone Fan' }, { token: null });
  const page = await newPage(browser);
  await page.goto(`${stack.baseUrl}/signin`);
  await signIn(page, email);
  await page.locator('.who').waitFor();
  // The cookie is gone (expired, or cleared by another program); the shop's note is still there.
  await page.context().clearCookies();
  const seen = watch(page);
  await page.reload();
  await settled(page);
  await page.getByRole('link', { name: 'Sign in' }).waitFor();
  assert.equal(seen.unauthorized.length, 1, 'one 401 finds out the session ended');
  await page.reload();
  await settled(page);
  assert.equal(seen.unauthorized.length, 1, 'the next load asks nothing');
  await page.context().close();
});
