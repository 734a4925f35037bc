// SPDX-License-Identifier: GPL-3.0-or-later
// The shop's seat model (server/web/src/seatmap/model.ts) against a plain reading of the plan:
// its fast paths (copied and filled runs, section extents from the runs' ends, the letters read
// section by section) must say exactly what expanding every seat one by one says. No browser.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { nodeModules, sourceDir } from './support/env.mjs';

const esbuild = createRequire(path.join(nodeModules, 'noop.js'))('esbuild');
const outDir = mkdtempSync(path.join(tmpdir(), 'seatmodel-'));
let SeatModel;

before(async () => {
  const outfile = path.join(outDir, 'model.mjs');
  await esbuild.build({
    entryPoints: [path.join(sourceDir, 'server/web/src/seatmap/model.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile,
    logLevel: 'warning',
  });
  ({ SeatModel } = await import(outfile));
});
after(() => rmSync(outDir, { recursive: true, force: true }));

const categories = [
  { id: 'A', name: 'Stalls', price_cents: 5000, color: '#123456' },
  { id: 'B', name: 'Balcony', price_cents: 3000, color: '#654321' },
];

/** Every seat of (start, step, count) triples, one by one. */
function plainSteps(runs) {
  const out = [];
  for (let r = 0; r < runs.length; r += 3) for (let k = 0; k < runs[r + 2]; k++) out.push(runs[r] + k * runs[r + 1]);
  return out;
}
function plainRuns(runs) {
  const out = [];
  for (let r = 0; r < runs.length; r += 2) for (let k = 0; k < runs[r + 1]; k++) out.push(runs[r]);
  return out;
}

// Section S1: rows 1-3 and, after a part of S2, row 4; every other row shifted by half a seat
// (triples taking turns, copied); rows are level (a step of 0, filled). S2: row A on a slant
// (a triple each way, decimals), in two parts. Seat numbers with decimals too.
const x = [0.1, 10, 5, 5.1, 10, 5, 0.1, 10, 5, 300, 12.5, 3, 5.1, 10, 5, 320.25, -7, 2];
const y = [0, 0, 5, 10.5, 0, 5, 20.2, 0, 5, 100, 7.75, 3, 30.5, 0, 5, 40, -3.3, 2];
const plan = {
  layout: 3,
  sections: ['S1', 'S2'],
  rows: ['1', '2', '3', '4', 'A'],
  categories: ['A', 'B', null],
  seats: {
    id_pattern: '{section}-{row}-{number}',
    section_runs: [0, 15, 1, 3, 0, 5, 1, 2],
    row_runs: [0, 5, 1, 5, 2, 5, 4, 3, 3, 5, 4, 2],
    category_runs: [0, 10, 1, 5, 2, 3, 0, 7],
    x_runs: x,
    y_runs: y,
    number_runs: [1, 1, 5, 1, 1, 5, 1, 1, 5, 0.1, 0.2, 3, 1, 1, 5, 7, 2, 2],
  },
  ga: [],
};
const count = 25;
const letters = 'ahsba' + 'aaaaa' + 'hhhhh' + 'asá' + 'aaaaa' + 'bs';

test('positions, rows, sections and categories say what the plan says seat by seat', () => {
  const model = new SeatModel(plan, letters, 7, categories);
  assert.equal(model.count, count);
  assert.deepEqual(Array.from(model.x), plainSteps(x).map(Math.fround));
  assert.deepEqual(Array.from(model.y), plainSteps(y).map(Math.fround));
  assert.deepEqual(Array.from(model.row), plainRuns(plan.seats.row_runs));
  assert.deepEqual(Array.from(model.section), plainRuns(plan.seats.section_runs));
  assert.deepEqual(Array.from(model.category), plainRuns(plan.seats.category_runs).map((p) => [0, 1, 255][p]));
  const numbers = plainSteps(plan.seats.number_runs).map(String);
  const rows = plainRuns(plan.seats.row_runs).map((r) => plan.rows[r]);
  for (let i = 0; i < count; i++) {
    const id = `${plan.sections[model.section[i]]}-${rows[i]}-${numbers[i]}`;
    assert.equal(model.numberOf(i), numbers[i]);
    assert.equal(model.rowOf(i), rows[i]);
    assert.equal(model.idOf(i), id);
    assert.equal(model.indexOf(id), i, id);
  }
  assert.equal(model.numberOf(16), String(0.1 + 0.2));
  assert.equal(model.idOf(16), `S2-A-${0.1 + 0.2}`);
  for (const id of ['S1-2-6', 'S1-9-1', 'S3-1-1', 'S2-A-0.3', 'S1-2', '', 'S1--1', 'S2-A-8']) assert.equal(model.indexOf(id), undefined, id);
});

test("ids found back when section and row names hold '-', and from a plan that lists its ids", () => {
  // Section "A-1" row "2" and section "A" row "1-2": "A-1-2-<n>" names a seat of each kind.
  const dashed = {
    layout: 1,
    sections: ['A', 'A-1'],
    rows: ['1-2', '2'],
    categories: ['A'],
    seats: {
      id_pattern: '{section}-{row}-{number}',
      section_runs: [0, 3, 1, 3],
      row_runs: [0, 3, 1, 3],
      category_runs: [0, 6],
      x_runs: [0, 10, 3, 0, 10, 3],
      y_runs: [0, 0, 3, 50, 0, 3],
      number_runs: [1, 1, 3, 4, 1, 3],
    },
    ga: [],
  };
  const model = new SeatModel(dashed, 'aaaaaa', 1, categories);
  assert.deepEqual([0, 1, 2, 3, 4, 5].map((i) => model.idOf(i)), ['A-1-2-1', 'A-1-2-2', 'A-1-2-3', 'A-1-2-4', 'A-1-2-5', 'A-1-2-6']);
  for (let i = 0; i < 6; i++) assert.equal(model.indexOf(model.idOf(i)), i);

  const listed = { ...plan, seats: { ...plan.seats, id_pattern: undefined, id: Array.from({ length: count }, (_, i) => `seat ${i}`) } };
  const named = new SeatModel(listed, letters, 7, categories);
  assert.equal(named.idOf(4), 'seat 4');
  assert.equal(named.indexOf('seat 24'), 24);
  assert.equal(named.indexOf('S1-1-1'), undefined);
});

test("each section's extent is its seats' (plus half a pitch), and the map's bounds all of them", () => {
  const model = new SeatModel(plan, letters, 7, categories);
  const half = model.pitch / 2;
  assert.ok(model.pitch > 0);
  model.sections.forEach((section, s) => {
    const xs = [];
    const ys = [];
    for (let i = 0; i < count; i++) {
      if (model.section[i] !== s) continue;
      xs.push(model.x[i]);
      ys.push(model.y[i]);
    }
    assert.equal(section.size, xs.length);
    assert.equal(section.minX, Math.min(...xs) - half, `${section.id} minX`);
    assert.equal(section.maxX, Math.max(...xs) + half, `${section.id} maxX`);
    assert.equal(section.minY, Math.min(...ys) - half, `${section.id} minY`);
    assert.equal(section.maxY, Math.max(...ys) + half, `${section.id} maxY`);
  });
  assert.deepEqual(model.sections[1].ranges, [15, 18, 23, 25]);
  assert.equal(model.sections[1].first, 15);
  assert.equal(model.bounds.minX, Math.min(...model.x));
  assert.equal(model.bounds.maxY, Math.max(...model.y));
  // A section's seats by row and then from the left, across both of its parts.
  const ordered = model.seatsInOrder(1);
  assert.deepEqual([...ordered].sort((a, b) => a - b), [15, 16, 17, 23, 24]);
  for (let k = 1; k < ordered.length; k++) {
    const [a, b] = [ordered[k - 1], ordered[k]];
    assert.ok(model.y[a] < model.y[b] || (model.y[a] === model.y[b] && model.x[a] <= model.x[b]));
  }
});

test('letters set statuses and counts; unknown letters are blocked; letters of another plan nothing', () => {
  const model = new SeatModel(plan, letters, 7, categories);
  const expected = Array.from(letters, (c) => ({ a: 0, h: 1, s: 2 })[c] ?? 3);
  assert.deepEqual(Array.from(model.status), expected);
  assert.equal(model.status[17], 3, "'á' is not 'a'");
  assert.equal(model.sections[0].available, [...letters].filter((c, i) => c === 'a' && model.section[i] === 0).length);
  assert.equal(model.sections[1].available, 1);
  const changed = model.applyLetters('a'.repeat(count));
  assert.deepEqual([...changed].sort((a, b) => a - b), expected.flatMap((status, i) => (status === 0 ? [] : [i])));
  assert.equal(model.sections[1].available, 5);
  assert.deepEqual(model.applyLetters('a'.repeat(count - 1)), []);

  const stale = new SeatModel(plan, 'a'.repeat(count + 1), 7, categories);
  assert.ok(Array.from(stale.status).every((status) => status === 3), 'nothing choosable');
  assert.equal(stale.sections[0].available + stale.sections[1].available, 0);
});
