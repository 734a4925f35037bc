#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The 60,000-seat map's size plain and gzip-compressed, in each of its forms (and the time of a first and a cached
# compressed answer) from a real server: 30 sections x 40 rows x 50 seats. By hand, after
# `scripts/services start`: tests/bench/seatmap-gzip.sh [build dir, default build/ci].
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build/ci}
eval "$(scripts/services env)"
work=$(mktemp -d)
export BOXOFFICE_JWT_SECRET=seatmap-gzip-measure-0123456789
python3 - "$work/venue.json" <<'PY'
import json, sys
S, R, N = 30, 40, 50
sections = [{"id": f"S{s}", "name": f"Section {s}", "rows": [
    {"id": f"S{s}-{r}", "label": str(r), "seats": [
        {"id": f"S{s}-{r}-{n}", "number": str(n), "x": (s - 1) * (N * 50 + 500) + n * 50,
         "y": 200 + r * 60, "category": "A" if s == 1 else "B"} for n in range(1, N + 1)]}
    for r in range(1, R + 1)]} for s in range(1, S + 1)]
venue = {"format": "boxoffice-venue", "version": 1, "id": "big", "name": "Big stadium",
         "size": {"width": S * (N * 50 + 500) + 1000, "height": R * 60 + 400},
         "focal_point": {"x": 0, "y": 0}, "ga_areas": [],
         "categories": [{"id": "A", "name": "Front", "color": "#cc0000"},
                        {"id": "B", "name": "Back", "color": "#0000cc"}],
         "sections": sections}
json.dump(venue, open(sys.argv[1], "w"), separators=(",", ":"))
PY
db="${BOXOFFICE_TEST_DATABASE_URL%/postgres}/seatmap_gzip"
psql "$BOXOFFICE_TEST_DATABASE_URL" -qc "DROP DATABASE IF EXISTS seatmap_gzip" -c "CREATE DATABASE seatmap_gzip" 2>/dev/null
"$build/server/boxoffice-server" serve --listen 127.0.0.1:0 --database-url "$db" \
  --redis-url "$BOXOFFICE_TEST_REDIS_URL" --data-dir "$work/var" >"$work/out" 2>"$work/err" &
pid=$!
trap 'kill $pid; wait $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 150); do grep -q "listening on" "$work/out" 2>/dev/null && break; sleep 0.2; done
api=$(grep -o 'http://[0-9.:]*' "$work/out")
token=$("$build/server/boxoffice-server" issue-token --sub manager --role manager --data-dir "$work/var")
curl -sf "$api/venues" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
  --data-binary @"$work/venue.json" >/dev/null
event=$(curl -sf "$api/events" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
  -d '{"venue_id":"big","title":"Big show","category":"concert","starts_at":"2030-06-01T20:00:00Z",
       "currency":"EUR","prices":{"A":5000,"B":3000}}' | jq -r .id)
sleep 2 # the map's first build
# The full map (the baseline), the compact one, and the plan and letters the shop loads.
for format in full compact layout status; do
  url="$api/events/$event/seatmap?format=$format"
  [[ $format == layout ]] && url="$api/events/$event/seatmap/layout"
  for round in first cached; do
    curl -s -o "$work/plain" -w "$format plain ($round): %{size_download} bytes, %{time_total} s\n" "$url"
    curl -s -o "$work/gz" -H 'Accept-Encoding: gzip' \
      -w "$format gzip  ($round): %{size_download} bytes, %{time_total} s\n" "$url"
  done
  gunzip -c "$work/gz" | cmp -s - "$work/plain" && echo "$format: gzip decompresses to the plain body"
done
