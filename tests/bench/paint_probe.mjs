// SPDX-License-Identifier: GPL-3.0-or-later
// Where a seat map's first paint goes (by hand, next to bench_shop.mjs): per visit, the marks
// of the seat page (answers in, parsed, model built, painted) from the tap on "Buy tickets", or
// from loading the seat page's URL in a new browser profile, on a desktop and on the phone
// profile (CPU x4), plus how many elements the first forced layout had to style.
//   eval "$(scripts/services env)"; BOXOFFICE_BUILD_DIR=build/ci node tests/bench/paint_probe.mjs
// Environment: VISITS=4 (per profile), COLD=1 (load the URL in a new profile instead of tapping),
// PROFILE=1 / TRACE=1 (a DevTools CPU profile / trace of the last visit in /tmp/paint-probe/;
// build the shop with BOXOFFICE_WEB_NO_MINIFY=1 for readable names).
import fs from 'node:fs';
import os from 'node:os';
import { launch, newPage } from '../web/support/browser.mjs';
import { createEvent, startStack } from '../web/support/stack.mjs';
import { eventJson, venueJson } from '../web/support/venue.mjs';

const visits = Number(process.env.VISITS || 4);
const cold = process.env.COLD === '1';
const outDir = '/tmp/paint-probe';
fs.mkdirSync(outDir, { recursive: true });
const profiles = {
  desktop: { width: 1280, height: 860 },
  phone: { width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
};

// Counts the elements in the page when something first forces a layout through focus() (the
// page's heading takes the focus): what the first frame has to style.
function countAtFirstFocus() {
  const focus = HTMLElement.prototype.focus;
  HTMLElement.prototype.focus = function (...args) {
    window.__elementsAtFocus ??= document.querySelectorAll('*').length;
    return focus.apply(this, args);
  };
}

function marks(from) {
  const at = (name) => Math.round((performance.getEntriesByName(name).pop()?.startTime ?? NaN) - from);
  const map = performance.getEntriesByType('resource').filter((e) => e.name.includes('/seatmap'));
  return {
    answersIn: Math.round(Math.max(...map.map((e) => e.responseEnd)) - from),
    parsed: at('seatmap-snapshot'),
    model: at('seatmap-model'),
    painted: Math.round(window.__boxofficeSeatMap.firstPaintMs - from),
    elementsAtFirstLayout: window.__elementsAtFocus,
  };
}

async function visit(browser, stack, eventId, kind, last) {
  const page = await newPage(browser, profiles[kind]);
  const cdp = await page.context().newCDPSession(page);
  if (kind === 'phone') await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(countAtFirstFocus);
  if (!cold) await page.goto(`${stack.baseUrl}/event/${eventId}`);
  if (last && process.env.TRACE === '1')
    await browser.startTracing(page, { path: `${outDir}/${kind}.trace.json`, categories: ['devtools.timeline', 'blink.user_timing', 'v8.execute'] });
  if (last && process.env.PROFILE === '1') {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  if (cold) await page.goto(`${stack.baseUrl}/event/${eventId}/seats`);
  else {
    await page.evaluate(() => document.addEventListener('click', () => { window.__tappedAt = performance.now(); window.__elementsAtFocus = undefined; }, { capture: true, once: true }));
    await page.getByRole('link', { name: 'Buy tickets' }).click();
  }
  await page.waitForFunction(() => window.__boxofficeSeatMap?.firstPaintMs > 0, null, { timeout: 60000 });
  if (last && process.env.PROFILE === '1')
    fs.writeFileSync(`${outDir}/${kind}.cpuprofile`, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  if (last && process.env.TRACE === '1') await browser.stopTracing();
  const result = await page.evaluate(marks, cold ? 0 : await page.evaluate(() => window.__tappedAt));
  await page.context().close();
  return result;
}

const stack = await startStack();
const browser = await launch();
try {
  console.log(`paint_probe: ${cold ? 'new profile' : 'tap'}; load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const venue = await stack.api('POST', '/venues', venueJson('stadium-60k', 20, 50, 60));
  const event = await createEvent(stack, null, eventJson(venue.json.id, { title: 'Probe', max_seats_per_user: 1000 }));
  for (const path of ['/seatmap/layout', '/seatmap?format=status', ''])
    await fetch(`${stack.baseUrl}/events/${event.id}${path}`, { headers: { 'Accept-Encoding': 'gzip' } }).then((r) => r.arrayBuffer());
  for (const kind of Object.keys(profiles))
    for (let k = 0; k < visits; k++) console.log(kind, JSON.stringify(await visit(browser, stack, event.id, kind, k === visits - 1)));
} finally {
  await browser.close();
  await stack.stop();
}
