#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# ctest systemd_unit: installer/systemd/boxoffice-server.service is clean for
# `systemd-analyze verify` and its `systemd-analyze security` exposure is at most 2.5.
#   check-unit.sh SERVER_BINARY   (the unit's ExecStart points at it for the check)
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
binary=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sed "s|/usr/bin/boxoffice-server|$binary|" "$repo/installer/systemd/boxoffice-server.service" \
  >"$work/boxoffice-server.service"
# --man=no: the man page exists once the package is installed (package_install checks it then).
systemd-analyze verify --man=no "$work/boxoffice-server.service"
report=$(systemd-analyze security --offline=yes "$work/boxoffice-server.service")
exposure=$(sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p' <<<"$report")
echo "exposure: $exposure"
grep '✗' <<<"$report" || true
# --threshold is on a 0-100 scale: 25 is an exposure of 2.5.
systemd-analyze security --offline=yes --threshold=25 "$work/boxoffice-server.service" >/dev/null
