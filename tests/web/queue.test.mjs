// SPDX-License-Identifier: GPL-3.0-or-later
// The waiting room in real browsers: three fans join in turn and are admitted in that order
// (one at a time: max_active 1), a reload keeps the place, and a lapsed admission is explained.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { checkPage, launch, newPage, screenshot } from './support/browser.mjs';
import { fanEmail, signUp } from './support/shop.mjs';
import { createEvent, startStack } from './support/stack.mjs';
import { eventJson, venueJson } from './support/venue.mjs';

let stack;
let browser;
let event;

before(async () => {
  stack = await startStack({ serverEnv: { BOXOFFICE_ADMISSION_SECONDS: '8', BOXOFFICE_QUEUE_TICK_MS: '200' } });
  browser = await launch();
  event = await createEvent(
    stack,
    venueJson('queue-hall', 1, 3, 10),
    eventJson('queue-hall', {
      title: 'Queue Fest',
      on_sale_at: new Date(Date.now() - 60000).toISOString(),
      queue: { enabled: true, admit_per_minute: 120, max_active: 1 },
    }),
  );
});

after(async () => {
  await browser?.close();
  await stack?.stop();
});

const position = async (page) => {
  const text = await page.locator('.queue-position').textContent();
  return Number(/(\d+)/.exec(text)[1]);
};

test('three fans are admitted in the order they joined; a reload keeps the place', async () => {
  const fans = [];
  const admittedAt = [];
  for (const tag of ['first', 'second', 'third']) {
    const page = await newPage(browser);
    await page.goto(`${stack.baseUrl}/signin?mode=signup&next=/event/${event.id}/queue`);
    await signUp(page, fanEmail(tag));
    await page.waitForURL(/\/queue$/);
    // Watched from the start: the first fan's turn may pass while the others sign up.
    admittedAt.push(page.getByText('It is your turn!').waitFor({ timeout: 45000 }).then(() => Date.now()));
    await page.locator('.queue-position, .queue-box .button').first().waitFor();
    fans.push(page);
  }

  // The third fan waits behind the others; reloading keeps the place.
  await fans[2].locator('.queue-position').waitFor();
  const before = await position(fans[2]);
  await checkPage(fans[2], 'queue-waiting');
  await fans[2].reload();
  await fans[2].locator('.queue-position').waitFor();
  const afterReload = await position(fans[2]);
  assert.ok(afterReload <= before && afterReload >= 1, `place kept: ${before} then ${afterReload}`);

  const times = await Promise.all(admittedAt);
  assert.ok(times[0] <= times[1] && times[1] <= times[2], `admitted in order: ${times}`);
  await checkPage(fans[2], 'queue-admitted');

  // The first fan never went on: the admission lapsed, and the page says so.
  await fans[0].getByText(/Your turn to buy has expired/).waitFor({ timeout: 15000 });
  await checkPage(fans[0], 'queue-lapsed');
  for (const page of fans) await page.context().close();
});

test('an admitted fan continues to the seats with the admission token', async () => {
  const page = await newPage(browser);
  await page.goto(`${stack.baseUrl}/signin?mode=signup&next=/event/${event.id}/queue`);
  await signUp(page, fanEmail('continue'));
  await page.getByRole('link', { name: 'Choose seats' }).click({ timeout: 40000 });
  await page.waitForURL(/\/seats$/);
  await page.getByRole('button', { name: 'Find best seats' }).click();
  await page.getByRole('timer').waitFor();
  await screenshot(page, 'queue-basket');
  await page.context().close();
});
