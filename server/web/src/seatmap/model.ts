// SPDX-License-Identifier: GPL-3.0-or-later
// The seat map's data for drawing and hit tests: flat typed arrays, so 60,000 seats cost little
// memory and a status change is one byte. Built once from the event's seat plan (its fixed part,
// cached by the browser) and a status letter per seat; deltas update `status`.
import type { Category, SeatPlan, SeatStatus } from '../types';
import { SeatNames } from './seatnames';

export const enum Status {
  Available = 0,
  Held = 1,
  Sold = 2,
  Blocked = 3,
}

const statusCodes: Record<SeatStatus, Status> = {
  available: Status.Available,
  held: Status.Held,
  sold: Status.Sold,
  blocked: Status.Blocked,
};
export const statusNames: SeatStatus[] = ['available', 'held', 'sold', 'blocked'];

export function statusCode(status: string): Status {
  return statusCodes[status as SeatStatus] ?? Status.Blocked;
}

/** A status per letter of GET /events/{id}/seatmap?format=status ('a', 'h', 's'; else blocked). */
const letterStatus = new Uint8Array(128).fill(Status.Blocked);
letterStatus[97] = Status.Available;
letterStatus[104] = Status.Held;
letterStatus[115] = Status.Sold;

// The model is built once per page, so its code runs cold (not yet optimised by the browser):
// per-seat work is left to typed-array built-ins (fill, copyWithin) and per-run loops wherever
// the plan's runs allow, which keeps a slow phone's first paint short.

/** (position, count) pairs expanded to a value per seat: `valueOf(position)` (the position). */
function expandRuns<T extends Uint8Array | Uint16Array>(out: T, runs: number[], valueOf = (p: number) => p): T {
  let i = 0;
  for (let k = 0; k + 1 < runs.length && i < out.length; k += 2) {
    const end = Math.min(out.length, i + runs[k + 1]);
    out.fill(valueOf(runs[k]), i, end);
    i = end;
  }
  return out;
}

/**
 * (start, step, count) triples expanded to a value per seat: seat k of a run is start + k * step.
 * Rows of a section usually repeat a recent row's triple (the same x positions): copied. Seat
 * numbers need Float64Array (exact), positions are drawn from Float32Array.
 */
function expandSteps<T extends Float32Array | Float64Array>(runs: number[], Type: { new (count: number): T }): T {
  let count = 0;
  for (let r = 2; r < runs.length; r += 3) count += runs[r];
  const out = new Type(count);
  const recent: number[] = []; // (seat, run) of the last few triples written out
  let i = 0;
  for (let r = 0; r + 2 < runs.length; r += 3) {
    const start = runs[r];
    const step = runs[r + 1];
    const n = runs[r + 2];
    let earlier = -1;
    for (let k = 0; k < recent.length && earlier < 0; k += 2) {
      const q = recent[k + 1];
      if (runs[q] === start && runs[q + 1] === step && runs[q + 2] === n) earlier = recent[k];
    }
    if (step === 0) out.fill(start, i, i + n);
    else if (earlier >= 0) out.copyWithin(i, earlier, earlier + n);
    else {
      for (let k = 0; k < n; k++) out[i + k] = start + k * step;
      recent.unshift(i, r);
      recent.length = Math.min(recent.length, 8);
    }
    i += n;
  }
  return out;
}

/**
 * Where a field's values may turn (0, each run's end, count): between two of these the values
 * run one way, so a stretch's extremes are at its ends. Each seat on its own without runs.
 */
function monotonicStretches(runs: number[] | undefined, count: number): number[] {
  if (!runs) return Array.from({ length: count + 1 }, (_, i) => i);
  const ends = [0];
  for (let r = 2; r < runs.length; r += 3) ends.push(ends[ends.length - 1] + runs[r]);
  return ends;
}

/** The least and greatest of values[from..to), walking the stretches (cursor kept in `at`). */
function extent(values: Float32Array, stretches: number[], at: { k: number }, from: number, to: number): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  while (at.k + 1 < stretches.length && stretches[at.k + 1] <= from) at.k++;
  for (let k = at.k; k + 1 < stretches.length && stretches[k] < to; k++) {
    const a = values[Math.max(from, stretches[k])];
    const b = values[Math.min(to, stretches[k + 1]) - 1];
    min = Math.min(min, a, b);
    max = Math.max(max, a, b);
  }
  return [min, max];
}

export interface Section {
  id: string;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** Its seats as [from, to) index ranges of the plan (seats come section by section). */
  ranges: number[];
  size: number;
  first: number;
  ordered?: number[];
  available: number;
}

export class SeatModel {
  readonly count: number;
  readonly layout: number;
  readonly row: Uint16Array; // index into the plan's rows
  readonly x: Float32Array;
  readonly y: Float32Array;
  readonly status: Uint8Array;
  readonly category: Uint8Array; // index into categories
  readonly section: Uint16Array; // index into sections
  readonly categories: Category[];
  readonly sections: Section[] = [];
  /** Typical distance between neighbouring seats: the drawing scale of one seat. */
  readonly pitch: number;
  readonly bounds = { minX: 0, minY: 0, maxX: 1, maxY: 1 };
  version: number;
  private readonly names: SeatNames;

  constructor(plan: SeatPlan, statuses: string, version: number, categories: Category[]) {
    const seats = plan.seats;
    this.layout = plan.layout;
    this.version = version;
    this.categories = categories;
    this.x = seats.x_runs ? expandSteps(seats.x_runs, Float32Array) : Float32Array.from(seats.x ?? []);
    this.y = seats.y_runs ? expandSteps(seats.y_runs, Float32Array) : Float32Array.from(seats.y ?? []);
    this.count = this.x.length;
    this.row = expandRuns(new Uint16Array(this.count), seats.row_runs);
    this.section = expandRuns(new Uint16Array(this.count), seats.section_runs);
    const categoryIndex = new Map(categories.map((c, i) => [c.id, i]));
    const categoryOf = (p: number) => {
      const id = plan.categories[p];
      return id === null ? 255 : categoryIndex.get(id) ?? 255;
    };
    this.category = expandRuns(new Uint8Array(this.count), seats.category_runs, categoryOf);
    this.names = new SeatNames(plan, this.section, this.row);
    this.status = new Uint8Array(this.count);
    for (const id of plan.sections)
      this.sections.push({ id, minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity, ranges: [], size: 0, first: -1, available: 0 });
    this.placeSections(seats.section_runs, monotonicStretches(seats.x_runs, this.count), monotonicStretches(seats.y_runs, this.count));
    this.pitch = this.estimatePitch();
    const half = this.pitch / 2;
    for (const section of this.sections) {
      section.minX -= half;
      section.minY -= half;
      section.maxX += half;
      section.maxY += half;
    }
    // Letters of another plan (a layout change on the way): nothing choosable until they fit.
    if (statuses.length !== this.count) this.status.fill(Status.Blocked);
    this.applyLetters(statuses);
  }

  /** Each section's ranges of seats and extent, and the whole map's bounds. */
  private placeSections(runs: number[], xStretches: number[], yStretches: number[]): void {
    const atX = { k: 0 };
    const atY = { k: 0 };
    let from = 0;
    for (let r = 0; r + 1 < runs.length && from < this.count; r += 2) {
      const to = Math.min(this.count, from + runs[r + 1]);
      const section = this.sections[runs[r]];
      if (section && to > from) {
        section.ranges.push(from, to);
        section.size += to - from;
        if (section.first < 0) section.first = from;
        const [minX, maxX] = extent(this.x, xStretches, atX, from, to);
        const [minY, maxY] = extent(this.y, yStretches, atY, from, to);
        section.minX = Math.min(section.minX, minX);
        section.maxX = Math.max(section.maxX, maxX);
        section.minY = Math.min(section.minY, minY);
        section.maxY = Math.max(section.maxY, maxY);
      }
      from = to;
    }
    const placed = this.sections.filter((s) => s.size > 0);
    if (placed.length)
      Object.assign(this.bounds, {
        minX: Math.min(...placed.map((s) => s.minX)),
        minY: Math.min(...placed.map((s) => s.minY)),
        maxX: Math.max(...placed.map((s) => s.maxX)),
        maxY: Math.max(...placed.map((s) => s.maxY)),
      });
  }

  /** A section's seats by row, then from left to right (sorted at the first call). */
  seatsInOrder(s: number): number[] {
    const section = this.sections[s];
    if (!section.ordered) {
      const seats: number[] = [];
      for (let r = 0; r < section.ranges.length; r += 2)
        for (let i = section.ranges[r]; i < section.ranges[r + 1]; i++) seats.push(i);
      section.ordered = seats.sort((a, b) => this.y[a] - this.y[b] || this.x[a] - this.x[b]);
    }
    return section.ordered;
  }

  /** Seat i's id, row label and number, read from the plan (no list of them is made). */
  idOf(i: number): string {
    return this.names.idOf(i);
  }
  rowOf(i: number): string {
    return this.names.rowOf(i);
  }
  numberOf(i: number): string {
    return this.names.numberOf(i);
  }
  /** The seat of an id, or undefined when the plan has none. */
  indexOf(id: string): number | undefined {
    return this.names.indexOf(id);
  }

  /**
   * Every seat's status from a letter per seat; returns the seats that changed (none when the
   * letters are not of this plan).
   */
  applyLetters(letters: string): number[] {
    const changed: number[] = [];
    if (letters.length !== this.count) return changed;
    const status = this.status;
    for (const section of this.sections) {
      let available = 0;
      for (let r = 0; r < section.ranges.length; r += 2) {
        const to = section.ranges[r + 1];
        for (let i = section.ranges[r]; i < to; i++) {
          const code = letters.charCodeAt(i);
          const next = code < 128 ? letterStatus[code] : Status.Blocked;
          if (next === Status.Available) available++;
          if (status[i] !== next) {
            status[i] = next;
            changed.push(i);
          }
        }
      }
      section.available = available;
    }
    return changed;
  }

  /** The median gap between seats that follow each other in a row (about 1,000 samples). */
  private estimatePitch(): number {
    const gaps: number[] = [];
    const step = Math.max(1, Math.floor(this.count / 1000));
    for (const section of this.sections) {
      for (let r = 0; r < section.ranges.length; r += 2) {
        for (let a = section.ranges[r]; a + 1 < section.ranges[r + 1]; a += step) {
          if (this.row[a] !== this.row[a + 1]) continue;
          const gap = Math.hypot(this.x[a] - this.x[a + 1], this.y[a] - this.y[a + 1]);
          if (gap > 0) gaps.push(gap);
        }
      }
    }
    if (!gaps.length) return 50;
    const sorted = Float64Array.from(gaps).sort(); // numeric, without a comparator called per pair
    return sorted[Math.floor(sorted.length / 2)];
  }

  /** Sets one seat's status; returns its index, or -1 for an unknown seat. */
  setStatus(id: string, status: string): number {
    const i = this.indexOf(id);
    if (i === undefined) return -1;
    const next = statusCode(status);
    const before = this.status[i];
    if (before === next) return i;
    const section = this.sections[this.section[i]];
    if (before === Status.Available) section.available--;
    if (next === Status.Available) section.available++;
    this.status[i] = next;
    return i;
  }

  price(i: number): number | undefined {
    return this.categories[this.category[i]]?.price_cents;
  }

  /** The seat under (x, y) in venue units, within half a pitch; -1 when none. */
  hit(x: number, y: number): number {
    let best = -1;
    let bestDistance = (this.pitch * 0.6) ** 2;
    for (let i = 0; i < this.count; i++) {
      const dx = this.x[i] - x;
      const dy = this.y[i] - y;
      const d = dx * dx + dy * dy;
      if (d < bestDistance) {
        bestDistance = d;
        best = i;
      }
    }
    return best;
  }

  sectionAt(x: number, y: number): number {
    return this.sections.findIndex((s) => x >= s.minX && x <= s.maxX && y >= s.minY && y <= s.maxY);
  }

  /** The seat nearest to (x, y). */
  nearest(x: number, y: number): number {
    let best = -1;
    let bestDistance = Infinity;
    for (let i = 0; i < this.count; i++) {
      const d = (this.x[i] - x) ** 2 + (this.y[i] - y) ** 2;
      if (d < bestDistance) {
        bestDistance = d;
        best = i;
      }
    }
    return best;
  }

  /**
   * The nearest seat from `from` in direction (dx, dy): seats ahead of it, scored by the
   * distance along the direction plus three times the sideways distance, so the arrow keys
   * follow a row or a column before jumping across.
   */
  step(from: number, dx: number, dy: number): number {
    const fx = this.x[from];
    const fy = this.y[from];
    let best = -1;
    let bestScore = Infinity;
    const minAhead = this.pitch * 0.25;
    for (let i = 0; i < this.count; i++) {
      if (i === from) continue;
      const ox = this.x[i] - fx;
      const oy = this.y[i] - fy;
      const along = ox * dx + oy * dy;
      if (along < minAhead) continue;
      const side = Math.abs(ox * dy - oy * dx);
      const score = along + 3 * side;
      if (score < bestScore) {
        bestScore = score;
        best = i;
      }
    }
    return best;
  }
}
