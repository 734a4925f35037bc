// SPDX-License-Identifier: GPL-3.0-or-later
// bench_sandboxstore: what the payment sandbox's store costs per intent created and confirmed
// (as the /v1 routes do it: create with its idempotency key in one write, confirm with its
// payment.succeeded event in another, each a synced SQLite transaction) with 1,000,000 intents
// already stored, next to the same with an empty store (the baseline) in the same run. Three
// rounds; min/median/max of the ratio; the load average is printed as the box is shared.
//   cmake --build --preset ci --target bench_sandboxstore
//   build/ci/tests/bench/bench_sandboxstore [--intents 1000000] [--operations 300] [--dir /tmp]

#include "sandboxstore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace boxoffice::sandbox;

namespace {

QByteArray loadAverage()
{
    QFile file(QStringLiteral("/proc/loadavg"));
    return file.open(QIODevice::ReadOnly) ? file.readAll().trimmed() : QByteArray("?");
}

IntentRecord newIntent(int n)
{
    IntentRecord intent;
    intent.id = SandboxStore::newId(QStringLiteral("pi"));
    intent.clientSecret = intent.id + QStringLiteral("_secret_")
                          + SandboxStore::newId(QStringLiteral("cs")).mid(3);
    intent.status = QStringLiteral("requires_confirmation");
    intent.amountCents = 2500 + n % 1000;
    intent.currency = QStringLiteral("EUR");
    intent.orderId = QStringLiteral("order-%1").arg(n);
    intent.metadata = {{QStringLiteral("return_url"), QStringLiteral("http://127.0.0.1/shop")}};
    intent.created = 1700000000 + n;
    return intent;
}

// What POST /v1/payment_intents with an Idempotency-Key does to the store.
QString create(SandboxStore &store, int n)
{
    const SandboxStore::DeferSaves together(store);
    const QString id = store.addIntent(newIntent(n)).id;
    store.putIdempotency(QStringLiteral("intent:key-%1").arg(id), {"hash", 201, id.toUtf8()});
    store.save();
    return id;
}

// What confirming with the success card does: the status and its webhook event in one write.
void confirm(SandboxStore &store, const QString &id)
{
    IntentRecord *intent = store.intent(id);
    intent->status = QStringLiteral("succeeded");
    store.addEvent(QStringLiteral("payment.succeeded"),
                   {{QStringLiteral("intent_id"), id}, {QStringLiteral("amount_cents"), 2500}});
    store.save();
}

// Fills `path` with `count` created and confirmed intents, 100,000 to a transaction.
void seed(const QString &path, int count)
{
    SandboxStore store(path);
    QString error;
    if (!store.open(&error))
        qFatal("cannot open %s: %s", qPrintable(path), qPrintable(error));
    for (int done = 0; done < count;) {
        const SandboxStore::DeferSaves batch(store);
        for (const int end = std::min(count, done + 100'000); done < end; ++done)
            confirm(store, create(store, done));
    }
}

struct Round
{
    double openMs = 0;
    double usPerIntent = 0; ///< one create and one confirm
};

Round measure(const QString &path, int operations)
{
    QElapsedTimer clock;
    clock.start();
    SandboxStore store(path);
    QString error;
    if (!store.open(&error))
        qFatal("cannot open %s: %s", qPrintable(path), qPrintable(error));
    Round round;
    round.openMs = double(clock.nsecsElapsed()) / 1e6;
    clock.restart();
    for (int i = 0; i < operations; ++i)
        confirm(store, create(store, i));
    round.usPerIntent = double(clock.nsecsElapsed()) / 1e3 / operations;
    return round;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addOptions(
        {{QStringLiteral("intents"), QStringLiteral("Intents stored."), "n", "1000000"},
         {QStringLiteral("operations"), QStringLiteral("Intents per round."), "n", "300"},
         {QStringLiteral("dir"), QStringLiteral("Where the stores go."), "dir", "/tmp"}});
    parser.process(app);
    const int intents = parser.value(QStringLiteral("intents")).toInt();
    const int operations = parser.value(QStringLiteral("operations")).toInt();
    QTemporaryDir dir(parser.value(QStringLiteral("dir"))
                      + QStringLiteral("/bench-sandboxstore-XXXXXX"));
    const QString full = dir.filePath(QStringLiteral("full.db"));

    QElapsedTimer clock;
    clock.start();
    seed(full, intents);
    std::printf("seeded %d intents (each with a key and an event) in %.1f s, %.0f MB on disk\n",
                intents,
                double(clock.elapsed()) / 1000,
                double(QFile(full).size()) / 1e6);

    std::vector<double> ratios;
    for (int round = 1; round <= 3; ++round) {
        const QString empty = dir.filePath(QStringLiteral("empty-%1.db").arg(round));
        const Round baseline = measure(empty, operations);
        const Round loaded = measure(full, operations);
        ratios.push_back(loaded.usPerIntent / baseline.usPerIntent);
        std::printf("round %d: create+confirm %.0f us with %d stored vs %.0f us empty (x%.2f); "
                    "open %.0f ms vs %.1f ms; load %s\n",
                    round,
                    loaded.usPerIntent,
                    intents,
                    baseline.usPerIntent,
                    ratios.back(),
                    loaded.openMs,
                    baseline.openMs,
                    loadAverage().constData());
    }
    std::sort(ratios.begin(), ratios.end());
    std::printf(
        "create+confirm with %d intents stored / empty store: min %.2f median %.2f max %.2f\n",
        intents,
        ratios.front(),
        ratios[1],
        ratios.back());
    return 0;
}
