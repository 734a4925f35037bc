// SPDX-License-Identifier: GPL-3.0-or-later
// The live seat map: two browsers race for one seat (exactly one gets it, the other is told and
// sees it taken), a hold that expires, and the server restarted under an open map.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { checkPage, launch, newPage, screenshot } from './support/browser.mjs';
import { clickSeat, fanEmail, seatStatus, signUp } from './support/shop.mjs';
import { createEvent, startStack } from './support/stack.mjs';
import { eventJson, venueJson } from './support/venue.mjs';

let stack;
let browser;
let event;
let shortEvent;
let gaEvent;

before(async () => {
  stack = await startStack({ serverArgs: ['--sweep-interval-ms', '300'] });
  browser = await launch();
  event = await createEvent(stack, venueJson('race-hall', 2, 4, 10), eventJson('race-hall', { title: 'Race Night' }));
  gaEvent = await createEvent(stack, venueJson('ga-hall', 1, 2, 6, { gaCapacity: 30 }), eventJson('ga-hall', { title: 'Standing Room' }));
  shortEvent = await createEvent(stack, venueJson('short-hall', 1, 3, 8), eventJson('short-hall', { title: 'Short Hold', hold_seconds: 4 }));
});

after(async () => {
  await browser?.close();
  await stack?.stop();
});

async function signedInOnSeats(eventId, tag) {
  const page = await newPage(browser);
  await page.goto(`${stack.baseUrl}/signin?mode=signup&next=/event/${eventId}/seats`);
  await signUp(page, fanEmail(tag));
  await page.waitForURL(/\/seats$/);
  await page.getByText('The map is live.').waitFor();
  return page;
}

test('two browsers race for the same seat: one gets it, the other is told and sees it taken', async () => {
  const [a, b] = await Promise.all([signedInOnSeats(event.id, 'racer-a'), signedInOnSeats(event.id, 'racer-b')]);
  await clickSeat(a, 'S1-2-4');
  await clickSeat(b, 'S1-2-4');
  const reserve = (page) => page.getByRole('button', { name: /Reserve 1 seat/ }).click();
  await Promise.all([reserve(a), reserve(b)]);
  // Each page ends with the basket (it won) or the conflict message (it lost).
  const outcome = (page) =>
    Promise.race([
      page.getByRole('timer').waitFor({ timeout: 8000 }).then(() => 'won'),
      page.getByRole('alert').getByText(/was just taken by someone else/).waitFor({ timeout: 8000 }).then(() => 'lost'),
    ]);
  const [aOutcome, bOutcome] = await Promise.all([outcome(a), outcome(b)]);
  assert.deepEqual([aOutcome, bOutcome].sort(), ['lost', 'won'], 'exactly one browser holds the seat');
  const loser = aOutcome === 'lost' ? a : b;
  const started = Date.now();
  await loser.waitForFunction(() => {
    const w = window.__boxofficeSeatMap.widget;
    return w.model.status[w.model.indexOf('S1-2-4')] !== 0 && !w.isMine(w.model.indexOf('S1-2-4'));
  }, null, { timeout: 1000 });
  assert.ok(Date.now() - started < 1500);
  assert.deepEqual(await seatStatus(loser, 'S1-2-4'), { status: 'held', mine: false });
  await checkPage(loser, 'seats-conflict');
  await a.context().close();
  await b.context().close();
});

test('a seat someone else takes turns taken on an open map', async () => {
  const page = await signedInOnSeats(event.id, 'watcher');
  const other = stack.token('someone-else@example.test');
  const held = await stack.api('POST', '/holds', { event_id: event.id, seats: ['S2-3-3'] }, { token: other });
  assert.equal(held.status, 201);
  await page.waitForFunction(() => {
    const w = window.__boxofficeSeatMap.widget;
    return w.model.status[w.model.indexOf('S2-3-3')] === 1;
  }, null, { timeout: 3000 });
  await page.context().close();
});

test('the map comes as a plan and a letter per seat, and the plan from the cache next time', async () => {
  const other = stack.token('plan-holder@example.test');
  assert.equal((await stack.api('POST', '/holds', { event_id: event.id, seats: ['S2-4-9'] }, { token: other })).status, 201);
  const page = await newPage(browser);
  const asked = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith(`/events/${event.id}`)) asked.push(url.pathname + url.search);
  });
  const seatsUrl = `${stack.baseUrl}/event/${event.id}/seats`;
  await page.goto(seatsUrl);
  await page.getByText('The map is live.').waitFor();
  const path = `/events/${event.id}/seatmap`;
  assert.deepEqual(
    asked.sort(),
    [`/events/${event.id}`, `${path}/layout`, `${path}?format=status`],
    'the event, the plan and the letters, each once (preloaded), not the full map',
  );
  await page.waitForFunction(() => {
    const w = window.__boxofficeSeatMap.widget;
    return w.model.status[w.model.indexOf('S2-4-9')] === 1;
  }, null, { timeout: 3000 });

  // Next visit: the plan is revalidated by its ETag, its body not sent again.
  await page.reload();
  await page.getByText('The map is live.').waitFor();
  const plan = await page.evaluate(() =>
    performance.getEntriesByType('resource').find((e) => e.name.includes('/seatmap/layout')));
  assert.equal(plan.deliveryType, 'cache', JSON.stringify(plan));
  await page.context().close();
});

test('standing tickets by quantity, then released from the basket', async () => {
  const page = await signedInOnSeats(gaEvent.id, 'standing');
  await page.getByLabel(/Tickets for Pista/).fill('3');
  await page.getByRole('button', { name: 'Reserve standing tickets' }).click();
  await page.getByRole('timer').waitFor();
  await page.getByText('3 × Pista').waitFor();
  await checkPage(page, 'basket-standing');
  // The seat map is a projection of the database: it follows within moments.
  const available = async (expected) => {
    let seen;
    for (let attempt = 0; attempt < 50; attempt++) {
      seen = (await stack.api('GET', `/events/${gaEvent.id}/seatmap`)).json.ga[0].available;
      if (seen === expected) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.equal(seen, expected, 'standing places available');
  };
  await available(27);
  await page.getByRole('button', { name: 'Release seats' }).click();
  await page.getByText('The seats were released.').waitFor();
  await available(30);
  await page.context().close();
});

test('not signed in, the map is live over the socket (no polling); signed in, still live', async () => {
  const page = await newPage(browser);
  const polls = [];
  page.on('request', (r) => { if (r.url().includes('/seatmap?format=compact')) polls.push(r.url()); });
  await page.goto(`${stack.baseUrl}/event/${event.id}/seats`);
  await page.getByText('The map is live.').waitFor();
  const held = await stack.api('POST', '/holds', { event_id: event.id, seats: ['S2-4-1'] }, { token: stack.token('watched-other@example.test') });
  assert.equal(held.status, 201);
  await page.waitForFunction(() => {
    const w = window.__boxofficeSeatMap.widget;
    return w.model.status[w.model.indexOf('S2-4-1')] === 1;
  }, null, { timeout: 3000 }); // pushed, not polled every 3 s
  assert.deepEqual(polls, [], 'a fan who is not signed in watches over the socket');
  await page.goto(`${stack.baseUrl}/signin?mode=signup&next=/event/${event.id}/seats`);
  await signUp(page, fanEmail('watcher'));
  await page.waitForURL(/\/seats$/);
  await page.getByText('The map is live.').waitFor();
  await page.context().close();
});

test('an expired hold is explained and its seats shown again', async () => {
  const page = await signedInOnSeats(shortEvent.id, 'slow');
  await clickSeat(page, 'S1-2-2');
  await page.getByRole('button', { name: /Reserve 1 seat/ }).click();
  await page.getByRole('timer').waitFor();
  await page.getByText(/Your reservation has expired/).waitFor({ timeout: 12000 });
  await page.waitForFunction(() => {
    const w = window.__boxofficeSeatMap.widget;
    return w.model.status[w.model.indexOf('S1-2-2')] === 0;
  }, null, { timeout: 5000 });
  await checkPage(page, 'hold-expired');
  await page.context().close();
});

test('the server restarted while the map is open: the map recovers and follows again', async () => {
  const page = await signedInOnSeats(event.id, 'restart');
  await stack.restartServer(500);
  await page.getByText('The map is live.').waitFor({ timeout: 15000 });
  const other = stack.token('after-restart@example.test');
  const held = await stack.api('POST', '/holds', { event_id: event.id, seats: ['S2-1-9'] }, { token: other });
  assert.equal(held.status, 201, JSON.stringify(held.json));
  await page.waitForFunction(() => {
    const w = window.__boxofficeSeatMap.widget;
    return w.model.status[w.model.indexOf('S2-1-9')] === 1;
  }, null, { timeout: 5000 });
  await screenshot(page, 'seats-after-restart');
  await page.context().close();
});
