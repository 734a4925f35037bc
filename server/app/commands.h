// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The subcommands of boxoffice-server (main.cpp picks one by its first argument).

#include "config.h"

namespace boxoffice::server {

/// `serve`: migrate, listen, answer until SIGTERM/SIGINT. Exit code.
int runServe(Config config);
/// `migrate`: apply pending migrations.
int runMigrate(Config config);
/// `create-user --username U (--password P | --password-stdin) --role R`.
int runCreateUser(Config config, const QCommandLineParser &parser);
/// `issue-token --sub U --role R [--ttl S]`: prints a signed access token.
int runIssueToken(Config config, const QCommandLineParser &parser);

/// `rotate-ticket-key`: a new ticket signing key; issued tickets keep verifying.
int runRotateTicketKey(Config config);
/// `check-config`: every problem of the configuration `serve` would read, explained; exit 1 if
/// any is an error. `helpText` names the known settings, `loadErrors` are Config::load's.
int runCheckConfig(Config config, const QString &helpText, const QString &loadErrors);

/// `reconcile --event ID`: proves that the event's tickets, seats, orders, payments and
/// transaction log agree; exit 0 when they do, 1 with every difference listed, 2 when it cannot
/// check (no such event, no database).
int runReconcile(Config config, const QCommandLineParser &parser);

/// `seed-demo`: staff accounts, a demo venue and two events (idempotent).
int runSeedDemo(Config config);

} // namespace boxoffice::server
