// SPDX-License-Identifier: GPL-3.0-or-later
// Generated venues and events for the browser tests (the shape of tests/support/venuefixture.h).

/** `sections` x `rows` x `seatsPerRow` seats "S<s>-<r>-<n>", categories A (first section) and B. */
export function venueJson(id, sections, rows, seatsPerRow, { gaCapacity = 0, name } = {}) {
  const sectionArray = [];
  for (let s = 1; s <= sections; s++) {
    const rowArray = [];
    for (let r = 1; r <= rows; r++) {
      const seats = [];
      for (let n = 1; n <= seatsPerRow; n++)
        seats.push({ id: `S${s}-${r}-${n}`, number: String(n), x: (s - 1) * (seatsPerRow * 50 + 500) + n * 50, y: 200 + r * 60, category: s === 1 ? 'A' : 'B' });
      rowArray.push({ id: `S${s}-${r}`, label: String(r), seats });
    }
    sectionArray.push({ id: `S${s}`, name: `Section ${s}`, rows: rowArray });
  }
  return {
    format: 'boxoffice-venue',
    version: 1,
    id,
    name: name ?? `Test hall ${id}`,
    size: { width: sections * (seatsPerRow * 50 + 500) + 1000, height: rows * 60 + 400 },
    focal_point: { x: (sections * (seatsPerRow * 50 + 500)) / 2, y: 0 },
    categories: [
      { id: 'A', name: 'Front', color: '#cc0000' },
      { id: 'B', name: 'Back', color: '#1d4ed8' },
    ],
    sections: sectionArray,
    ga_areas: gaCapacity > 0
      ? [{ id: 'PISTA', name: 'Pista', capacity: gaCapacity, outline: [[0, 0], [400, 0], [400, 150]], category: 'A' }]
      : [],
  };
}

export function eventJson(venueId, overrides = {}) {
  return {
    venue_id: venueId,
    title: 'Test show',
    category: 'concert',
    starts_at: '2030-06-01T20:00:00Z',
    currency: 'EUR',
    prices: { A: 6500, B: 3000 },
    hold_seconds: 600,
    max_seats_per_user: 6,
    max_holds_per_user: 3,
    ...overrides,
  };
}
