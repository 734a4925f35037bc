// SPDX-License-Identifier: GPL-3.0-or-later
// The seat map's data for drawing and hit tests: flat typed arrays, so 60,000 seats cost little
// memory and a status change is one byte. Built once from the event's seat plan (its fixed part,
// cached by the browser) and a status letter per seat; deltas update `status`.
import type { Category, SeatPlan, SeatStatus } from '../types';

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

/** The status of a letter of GET /events/{id}/seatmap?format=status (its first letter). */
function letterCode(letter: number): Status {
  switch (letter) {
    case 97: // a
      return Status.Available;
    case 104: // h
      return Status.Held;
    case 115: // s
      return Status.Sold;
    default:
      return Status.Blocked;
  }
}

/** (position, count) pairs expanded to a position per seat. */
function expandRuns(runs: number[], count: number): Uint16Array {
  const out = new Uint16Array(count);
  let i = 0;
  for (let k = 0; k + 1 < runs.length && i < count; k += 2) {
    const end = Math.min(count, i + runs[k + 1]);
    out.fill(runs[k], i, end);
    i = end;
  }
  return out;
}

/** (start, step, count) triples expanded to a value per seat: seat k of a run is start + k * step. */
function expandSteps(runs: number[]): Float64Array {
  let count = 0;
  for (let r = 2; r < runs.length; r += 3) count += runs[r];
  const out = new Float64Array(count);
  let i = 0;
  for (let r = 0; r + 2 < runs.length; r += 3) {
    const start = runs[r];
    const step = runs[r + 1];
    for (let k = 0; k < runs[r + 2]; k++) out[i++] = start + k * step;
  }
  return out;
}

export interface Section {
  id: string;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  seats: number[]; // seat indices in plan order (seatsInOrder() sorts them)
  sorted?: boolean;
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
  private byId: Map<string, number> | null = null;
  private idList: string[] | null = null;
  private rowList: string[] | null = null;
  private numberList: string[] | null = null;
  private readonly plan: SeatPlan;

  constructor(plan: SeatPlan, statuses: string, version: number, categories: Category[]) {
    const seats = plan.seats;
    this.layout = plan.layout;
    this.version = version;
    this.categories = categories;
    this.plan = plan;
    const xs = seats.x_runs ? expandSteps(seats.x_runs) : Float64Array.from(seats.x ?? []);
    const ys = seats.y_runs ? expandSteps(seats.y_runs) : Float64Array.from(seats.y ?? []);
    this.count = xs.length;
    this.row = expandRuns(seats.row_runs, this.count);
    this.x = new Float32Array(xs);
    this.y = new Float32Array(ys);
    this.status = new Uint8Array(this.count);
    this.category = new Uint8Array(this.count);
    this.section = expandRuns(seats.section_runs, this.count);
    const planCategories = expandRuns(seats.category_runs, this.count);
    const categoryIndex = new Map(categories.map((c, i) => [c.id, i]));
    const planCategory = plan.categories.map((id) => (id === null ? 255 : categoryIndex.get(id) ?? 255));
    for (const id of plan.sections)
      this.sections.push({ id, minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity, seats: [], available: 0 });
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < this.count; i++) {
      this.category[i] = planCategory[planCategories[i]];
      const x = this.x[i];
      const y = this.y[i];
      const section = this.sections[this.section[i]];
      section.seats.push(i);
      if (x < section.minX) section.minX = x;
      if (x > section.maxX) section.maxX = x;
      if (y < section.minY) section.minY = y;
      if (y > section.maxY) section.maxY = y;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    if (this.count > 0) Object.assign(this.bounds, { minX, minY, maxX, maxY });
    this.pitch = this.estimatePitch();
    const half = this.pitch / 2;
    for (const section of this.sections) {
      section.minX -= half;
      section.minY -= half;
      section.maxX += half;
      section.maxY += half;
    }
    this.applyLetters(statuses);
  }

  /** A section's seats by row, then from left to right (sorted at the first call). */
  seatsInOrder(s: number): number[] {
    const section = this.sections[s];
    if (!section.sorted) {
      section.seats.sort((a, b) => this.y[a] - this.y[b] || this.x[a] - this.x[b]);
      section.sorted = true;
    }
    return section.seats;
  }

  /** Seat ids by index; from the plan's pattern at the first use (first paint needs none). */
  get ids(): string[] {
    if (!this.idList) {
      const { seats, sections } = this.plan;
      this.idList = seats.id ?? this.numbers.map((number, i) => `${sections[this.section[i]]}-${this.rows[i]}-${number}`);
    }
    return this.idList;
  }

  /** Seat numbers (labels) by index, made at the first use. */
  get numbers(): string[] {
    if (!this.numberList) {
      const { number, number_runs: runs } = this.plan.seats;
      this.numberList = runs ? Array.from(expandSteps(runs), String) : (number ?? []);
    }
    return this.numberList;
  }

  /** Row labels by index, made at the first use. */
  get rows(): string[] {
    if (!this.rowList) this.rowList = Array.from(this.row, (r) => this.plan.rows[r]);
    return this.rowList;
  }

  /** Seat id -> index, built at the first lookup (first paint does without it). */
  get index(): Map<string, number> {
    if (!this.byId) {
      this.byId = new Map();
      for (let i = 0; i < this.count; i++) this.byId.set(this.ids[i], i);
    }
    return this.byId;
  }

  /**
   * Every seat's status from a letter per seat; returns the seats that changed (none when the
   * letters are not of this plan).
   */
  applyLetters(letters: string): number[] {
    const changed: number[] = [];
    if (letters.length !== this.count) return changed;
    for (let i = 0; i < this.count; i++) {
      const next = letterCode(letters.charCodeAt(i));
      if (this.status[i] !== next) {
        this.status[i] = next;
        changed.push(i);
      }
    }
    this.recount();
    return changed;
  }

  /** The median gap between seats that follow each other in a row. */
  private estimatePitch(): number {
    const gaps: number[] = [];
    for (const section of this.sections) {
      const seats = section.seats;
      const step = Math.max(1, Math.floor(seats.length / 200));
      for (let k = 0; k + 1 < seats.length; k += step) {
        const a = seats[k];
        const b = seats[k + 1];
        if (this.row[a] !== this.row[b] || this.section[a] !== this.section[b]) continue;
        const gap = Math.hypot(this.x[a] - this.x[b], this.y[a] - this.y[b]);
        if (gap > 0) gaps.push(gap);
      }
    }
    if (!gaps.length) return 50;
    gaps.sort((a, b) => a - b);
    return gaps[Math.floor(gaps.length / 2)];
  }

  recount(): void {
    for (const section of this.sections) section.available = 0;
    for (let i = 0; i < this.count; i++)
      if (this.status[i] === Status.Available) this.sections[this.section[i]].available++;
  }

  /** Sets one seat's status; returns its index, or -1 for an unknown seat. */
  setStatus(id: string, status: string): number {
    const i = this.index.get(id);
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
