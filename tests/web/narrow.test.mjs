// SPDX-License-Identifier: GPL-3.0-or-later
// A 360 px phone and hostile data: every screen of the shop (search results, event, seat map,
// basket, hosted payment page, tickets, my orders, sign-in, waiting room) fits without sideways
// scrolling when the title, artist, venue, city, categories and the fan's name are 60-letter
// words, and when they are long sentences.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { checkPage, launch, newPage } from './support/browser.mjs';
import { fanEmail, payOnSandbox, signUp, successCard, waitForOrderState } from './support/shop.mjs';
import { createEvent, startStack } from './support/stack.mjs';
import { eventJson, venueJson } from './support/venue.mjs';

const phone = { width: 360, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** A 60-character word without spaces, starting with `stem` (wide letters: the worst case). */
const word = (stem) => `${stem}${'W'.repeat(60 - stem.length)}`;
/** A long text with spaces (under 100 characters, the longest category the API takes). */
const sentence = (stem) => `${stem} and the extraordinarily long-winded philharmonic orchestra of`;

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

/** Venue and event with every text the shop shows made of `text(stem)`; one with a queue too. */
async function hostileEvents(tag, text) {
  const venue = venueJson(`${tag}-hall`, 2, 3, 8, { gaCapacity: 20, name: text('Venue') });
  venue.city = text('City');
  venue.categories = venue.categories.map((c) => ({ ...c, name: text(`Category${c.id}`) }));
  venue.ga_areas[0].name = text('Standing');
  const fields = { title: text('Title'), artists: [text('Artist')], category: text('Genre'), sale_conditions: text('Conditions') };
  const event = await createEvent(stack, venue, eventJson(`${tag}-hall`, fields));
  const queued = await createEvent(stack, null, eventJson(event.venue.id, {
    ...fields,
    title: text('Queued'),
    starts_at: '2030-06-02T20:00:00Z',
    queue: { enabled: true, admit_per_minute: 60, max_active: 1 },
  }));
  return { event, queued };
}

async function fits(page, name) {
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle').catch(() => {});
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  await checkPage(page, name);
  assert.ok(width <= 360, `${name} is ${width} px wide on a 360 px phone`);
}

async function everyScreen(tag, text) {
  const { event, queued } = await hostileEvents(tag, text);
  const page = await newPage(browser, phone);
  const title = text('Title');

  // The search index follows the outbox: the event may take a moment to be listed.
  const card = page.locator('.event-card', { hasText: title });
  for (let attempt = 0; attempt < 40 && !(await card.count()); attempt++) {
    if (attempt) await page.waitForTimeout(250);
    await page.goto(stack.baseUrl);
    await page.waitForFunction(() => document.querySelector('.result-count')?.textContent);
  }
  await card.waitFor();
  await fits(page, `${tag}-search`);

  await page.goto(`${stack.baseUrl}/event/${event.id}`);
  await page.getByRole('heading', { name: title }).waitFor();
  await fits(page, `${tag}-event`);

  await page.goto(`${stack.baseUrl}/event/${event.id}/seats`);
  await page.waitForFunction(() => window.__boxofficeSeatMap?.draws.length > 0);
  await fits(page, `${tag}-seats`);

  await page.goto(`${stack.baseUrl}/signin?mode=signup&next=/account/orders`);
  await fits(page, `${tag}-signin`);
  await signUp(page, fanEmail(tag), { name: text('Fan') });
  await page.waitForURL(/\/account\/orders$/);
  await page.locator('.who').waitFor();
  await fits(page, `${tag}-orders-empty`);

  // The basket: standing places (their area is named by the venue) held for the fan.
  await page.goto(`${stack.baseUrl}/event/${event.id}/seats`);
  await page.locator('.ga-area button').click();
  await page.getByRole('timer').waitFor();
  await fits(page, `${tag}-basket`);

  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/pay\//);
  await page.waitForSelector('#card_number');
  const payWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(payWidth <= 360, `the hosted payment page is ${payWidth} px wide`);
  await payOnSandbox(page, successCard);
  await page.waitForURL(/\/account\/orders\//);
  await waitForOrderState(page, 'Paid — enjoy the show!');
  await page.locator('.ticket canvas').first().waitFor();
  await fits(page, `${tag}-tickets`);

  await page.goto(`${stack.baseUrl}/account/orders`);
  await page.locator('.order-card').first().waitFor();
  await fits(page, `${tag}-orders`);

  await page.goto(`${stack.baseUrl}/event/${queued.id}/queue`);
  await page.locator('.queue-position, .queue-box .button').first().waitFor();
  await fits(page, `${tag}-queue`);
  await page.context().close();
}

test('60-letter words fit a 360 px phone on every screen', async () => {
  await everyScreen('narrow-word', word);
});

test('long texts with spaces fit a 360 px phone on every screen', async () => {
  await everyScreen('narrow-text', sentence);
});
