// SPDX-License-Identifier: GPL-3.0-or-later
// A seat's id, row and number read from the plan's runs, and an id found back, without a string
// per seat: 60,000 ids and an index of them cost a slow phone over half a second right after the
// map's first paint, while a page needs only the seats it shows, picks or hears about.
import type { SeatPlan } from '../types';

/** Where each (start, step, count) run begins, by seat index. */
function runStarts(runs: number[]): Int32Array {
  const starts = new Int32Array(Math.floor(runs.length / 3));
  for (let r = 1; r < starts.length; r++) starts[r] = starts[r - 1] + runs[(r - 1) * 3 + 2];
  return starts;
}

/** Where each (position, count) run ends, by seat index. */
function runEnds(runs: number[]): number[] {
  const ends: number[] = [];
  for (let k = 1, end = 0; k < runs.length; k += 2) ends.push((end += runs[k]));
  return ends;
}

export class SeatNames {
  private numberStarts: Int32Array | null = null;
  private byId: Map<string, number> | null = null; // plans that list their ids
  private byRow: Map<string, number[]> | null = null; // "section,row" -> [from, to) ranges
  private sectionByName: Map<string, number> | null = null;
  private rowByName: Map<string, number> | null = null;

  constructor(
    private readonly plan: SeatPlan,
    private readonly section: Uint16Array,
    private readonly row: Uint16Array,
  ) {}

  rowOf(i: number): string {
    return this.plan.rows[this.row[i]] ?? '';
  }

  numberOf(i: number): string {
    const { number, number_runs: runs } = this.plan.seats;
    if (!runs) return number?.[i] ?? '';
    const r = this.runAt(i);
    return String(runs[r * 3] + (i - this.numberStarts![r]) * runs[r * 3 + 1]);
  }

  idOf(i: number): string {
    const { seats, sections } = this.plan;
    return seats.id?.[i] ?? `${sections[this.section[i]]}-${this.rowOf(i)}-${this.numberOf(i)}`;
  }

  /** The seat of `id`, or undefined when the plan has none. */
  indexOf(id: string): number | undefined {
    const ids = this.plan.seats.id;
    if (ids) {
      this.byId ??= new Map(ids.map((seat, i) => [seat, i]));
      return this.byId.get(id);
    }
    // "<section>-<row>-<number>", where names may hold '-' themselves: every split is tried (ids
    // are unique, so one seat at most answers to it).
    this.sectionByName ??= new Map(this.plan.sections.map((name, s) => [name, s]));
    this.rowByName ??= new Map(this.plan.rows.map((name, r) => [name, r]));
    for (let a = id.indexOf('-'); a >= 0; a = id.indexOf('-', a + 1)) {
      const s = this.sectionByName.get(id.slice(0, a));
      if (s === undefined) continue;
      for (let b = id.indexOf('-', a + 1); b >= 0; b = id.indexOf('-', b + 1)) {
        const r = this.rowByName.get(id.slice(a + 1, b));
        if (r === undefined) continue;
        const ranges = this.rowRanges().get(`${s},${r}`) ?? [];
        for (let k = 0; k < ranges.length; k += 2) {
          const i = this.findNumber(ranges[k], ranges[k + 1], id.slice(b + 1));
          if (i >= 0) return i;
        }
      }
    }
    return undefined;
  }

  /** The number run seat i is in. */
  private runAt(i: number): number {
    const starts = (this.numberStarts ??= runStarts(this.plan.seats.number_runs ?? []));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= i) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The seat of [from, to) whose number is `number`, or -1: worked out from the runs. */
  private findNumber(from: number, to: number, number: string): number {
    const runs = this.plan.seats.number_runs;
    if (!runs) {
      for (let i = from; i < to; i++) if (this.plan.seats.number?.[i] === number) return i;
      return -1;
    }
    const value = Number(number);
    for (let r = this.runAt(from); r < this.numberStarts!.length && this.numberStarts![r] < to; r++) {
      const step = runs[r * 3 + 1];
      const k = step === 0 ? 0 : Math.round((value - runs[r * 3]) / step);
      const i = this.numberStarts![r] + k;
      if (k >= 0 && k < runs[r * 3 + 2] && i >= from && i < to && this.numberOf(i) === number) return i;
    }
    return -1;
  }

  /** Each (section, row)'s seats as index ranges: the row runs, cut where a section run ends. */
  private rowRanges(): Map<string, number[]> {
    if (this.byRow) return this.byRow;
    const byRow = new Map<string, number[]>();
    const cuts = runEnds(this.plan.seats.section_runs);
    const runs = this.plan.seats.row_runs;
    let c = 0;
    for (let k = 0, from = 0; k + 1 < runs.length && from < this.row.length; k += 2) {
      const to = Math.min(this.row.length, from + runs[k + 1]);
      for (let start = from; start < to; ) {
        while (c < cuts.length && cuts[c] <= start) c++;
        const end = Math.min(to, cuts[c] ?? to);
        const key = `${this.section[start]},${this.row[start]}`;
        const ranges = byRow.get(key);
        if (ranges) ranges.push(start, end);
        else byRow.set(key, [start, end]);
        start = end;
      }
      from = to;
    }
    return (this.byRow = byRow);
  }
}
