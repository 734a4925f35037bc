// SPDX-License-Identifier: GPL-3.0-or-later
// bench_settle: what settling a hold's seat leases costs, the old way (a blocking EVALSHA per
// hold on the request's thread, SeatLeases::settle) against LeaseSettler (queued, one pipeline
// per batch on its own thread). Holds arrive at a steady rate (--rate per second, 2 seats each)
// so the batches are the size they would be under that load.
//
//   scripts/services start; eval "$(scripts/services env)"
//   cmake --build --preset ci --target bench_settle
//   build/ci/tests/bench/bench_settle [--holds 6000] [--rate 2000] [--linger-ms 20]
//
// Not a test: it prints CPU per settle of this process (all threads) and of Redis, which do not
// depend much on what else the machine runs, unlike times. The pacing's own CPU (a run that
// settles nothing) is taken off both.

#include "processcpu.h"
#include "redis/leasesettler.h"
#include "redis/redispool.h"
#include "redis/seatleases.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTextStream>
#include <QThread>
#include <QUuid>

#include <unistd.h>

using namespace boxoffice::server::redis;
using namespace boxoffice::test;

namespace {

QTextStream out(stdout);

struct Cost
{
    double selfUs = 0;
    double redisUs = 0;
};

// Runs `settle(i)` for `holds` holds at `rate` per second; CPU per hold of this process and of
// Redis over the run (plus `finish`, which waits for what is still queued).
template<typename Settle, typename Finish>
Cost measure(qint64 redis, int holds, int rate, Settle settle, Finish finish)
{
    const double selfBefore = processCpuSeconds(getpid());
    const double redisBefore = processCpuSeconds(redis);
    QElapsedTimer clock;
    clock.start();
    for (int i = 0; i < holds; ++i) {
        const qint64 due = qint64(i) * 1000000 / rate; // us since the start
        const qint64 now = clock.nsecsElapsed() / 1000;
        if (due > now)
            QThread::usleep(quint64(due - now));
        settle(i);
    }
    finish();
    return Cost{(processCpuSeconds(getpid()) - selfBefore) / holds * 1e6,
                (processCpuSeconds(redis) - redisBefore) / holds * 1e6};
}

QStringList seatsOf(int i)
{
    return {QStringLiteral("A-%1").arg(2 * i), QStringLiteral("A-%1").arg(2 * i + 1)};
}

QByteArray owner(const char *kind, int i)
{
    return QByteArray("buyer|") + kind + QByteArray::number(i);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addOption({"holds", "holds per run", "n", "6000"});
    parser.addOption({"rate", "holds per second", "n", "2000"});
    parser.addOption({"linger-ms", "LeaseSettler batching time", "ms", "20"});
    parser.process(app);
    const int holds = std::max(1, parser.value("holds").toInt());
    const int rate = std::max(1, parser.value("rate").toInt());
    const auto linger = std::chrono::milliseconds(parser.value("linger-ms").toInt());
    const QByteArray url = qgetenv("BOXOFFICE_TEST_REDIS_URL");
    if (url.isEmpty()) {
        out << "BOXOFFICE_TEST_REDIS_URL is not set (eval \"$(scripts/services env)\")" << Qt::endl;
        return 1;
    }
    RedisPool pool{QUrl(QString::fromLatin1(url))};
    const qint64 redis = redisPid(url);
    if (!pool.probe() || redis == 0) {
        out << "Redis does not answer at " << url << Qt::endl;
        return 1;
    }
    SeatLeases leases(pool);
    const QString before = QUuid::createUuid().toString(QUuid::WithoutBraces);
    const QString after = QUuid::createUuid().toString(QUuid::WithoutBraces);
    // The leases as the acquire left them (not measured).
    for (int i = 0; i < holds; ++i) {
        leases.acquire(before, seatsOf(i), owner("pending-", i), "buyer|", 15000);
        leases.acquire(after, seatsOf(i), owner("hold-", i), "buyer|", 15000);
    }
    // The pacing alone (its sleeps cost CPU too): subtracted from both.
    const Cost pacing = measure(
        redis, holds, rate, [](int) {}, [] {});
    const Cost old = measure(
        redis,
        holds,
        rate,
        [&](int i) {
            leases.settle(before,
                          seatsOf(i),
                          seatsOf(i),
                          owner("pending-", i),
                          owner("hold-", i),
                          600000);
        },
        [] {});
    LeaseSettler settler(pool.url(), std::chrono::milliseconds(200), linger);
    const Cost queued = measure(
        redis,
        holds,
        rate,
        [&](int i) { settler.extend(after, seatsOf(i), owner("hold-", i), 600000); },
        [&] { settler.flush(); });
    const auto ttl = [&](const QString &event) {
        return pool.command({"PTTL", SeatLeases::key(event, seatsOf(holds - 1).first())})->integer;
    };
    out << holds << " holds at " << rate << "/s, 2 seats each; CPU per hold (this process, Redis; "
        << "the pacing's own " << qRound(pacing.selfUs) << " us, " << qRound(pacing.redisUs)
        << " us taken off):" << Qt::endl;
    out << "  blocking settle per hold:  " << qRound(old.selfUs - pacing.selfUs) << " us, "
        << qRound(old.redisUs - pacing.redisUs) << " us (last lease's ttl " << ttl(before) << " ms)"
        << Qt::endl;
    out << "  LeaseSettler (" << linger.count() << " ms): " << qRound(queued.selfUs - pacing.selfUs)
        << " us, " << qRound(queued.redisUs - pacing.redisUs) << " us (last lease's ttl "
        << ttl(after) << " ms; " << settler.written() << " settles in " << settler.pipelines()
        << " pipelines)" << Qt::endl;
    return 0;
}
