// SPDX-License-Identifier: GPL-3.0-or-later
// Constant memory for streamed CSV exports (issue 30 item 4): the server's peak resident memory
// (VmHWM in /proc/PID/status) after exporting 1,000,000 transaction log rows, next to the same
// after exporting 1,000 rows (the baseline), each from a freshly started server on the same
// database. The rows are seeded with one INSERT ... generate_series. Three rounds; min, median
// and max of the ratio 1,000,000 / 1,000. The box is shared, so the load average is printed.
//   eval "$(scripts/services env)"; build/ci/tests/bench/bench_export

#include "serverprocess.h"
#include "testenv.h"

#include <pqxx/pqxx>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTcpSocket>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace boxoffice::test;

namespace {

const char kLarge[] = "10000000-0000-4000-8000-000000000001";
const char kSmall[] = "10000000-0000-4000-8000-000000000002";

QByteArray loadAverage()
{
    QFile file(QStringLiteral("/proc/loadavg"));
    return file.open(QIODevice::ReadOnly) ? file.readAll().trimmed() : QByteArray("?");
}

// Peak resident memory of `pid` in KiB.
qint64 peakKib(qint64 pid)
{
    QFile file(QStringLiteral("/proc/%1/status").arg(pid));
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : file.readAll().split('\n'))
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    return -1;
}

// Counts the CSV lines of a chunked body as it arrives, keeping only an unfinished chunk
// header (the chunks' own CRLFs are framing, not lines).
class ChunkedLineCounter
{
public:
    /// False once the body is malformed.
    bool feed(const QByteArray &bytes)
    {
        for (qsizetype at = 0; at < bytes.size();) {
            if (m_left > 0) {
                const qsizetype take = std::min<qsizetype>(m_left, bytes.size() - at);
                // Line ends counted by their LF, which a read never splits from itself.
                m_lines += std::count(bytes.cbegin() + at, bytes.cbegin() + at + take, '\n');
                m_left -= take;
                at += take;
                continue;
            }
            const char c = bytes[at++];
            if (c != '\n') {
                m_header += c;
                continue;
            }
            // A line of framing: the CRLF after a chunk's data, or a chunk's size.
            const QByteArray header = m_header.trimmed();
            m_header.clear();
            if (header.isEmpty())
                continue;
            bool ok = false;
            m_left = header.toLongLong(&ok, 16);
            if (!ok)
                return false;
            if (m_left == 0)
                m_done = true;
        }
        return true;
    }
    qint64 lines() const { return m_lines; }
    bool done() const { return m_done; }

private:
    QByteArray m_header;
    qint64 m_left = 0;
    qint64 m_lines = 0;
    bool m_done = false;
};

// GETs the event's CSV and throws the bytes away as they come (the client keeps nothing);
// answers the number of CSV lines received (header included), -1 on failure.
qint64 exportLines(quint16 port, const QByteArray &token, const char *event)
{
    QTcpSocket socket;
    socket.connectToHost(QStringLiteral("127.0.0.1"), port);
    if (!socket.waitForConnected(5000))
        return -1;
    socket.write("GET /transactions.csv?event_id=" + QByteArray(event)
                 + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + token + "\r\n\r\n");
    QByteArray head;
    ChunkedLineCounter body;
    while (socket.state() == QAbstractSocket::ConnectedState || socket.bytesAvailable() > 0) {
        if (socket.bytesAvailable() == 0 && !socket.waitForReadyRead(60000))
            break;
        QByteArray bytes = socket.readAll();
        if (!head.endsWith("\r\n\r\n")) {
            head += bytes;
            const qsizetype end = head.indexOf("\r\n\r\n");
            if (end < 0)
                continue;
            if (!head.startsWith("HTTP/1.1 200"))
                return -1;
            bytes = head.mid(end + 4);
            head.truncate(end + 4);
        }
        if (!body.feed(bytes))
            return -1;
    }
    return body.done() ? body.lines() : -1;
}

struct Spread
{
    double min = 0, median = 0, max = 0;
};

Spread spread(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values.empty() ? Spread{}
                          : Spread{values.front(), values[values.size() / 2], values.back()};
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const std::string adminUrl = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
    if (adminUrl.empty())
        return 2;
    std::printf("load average at start: %s\n", loadAverage().constData());
    ServerProcess server(adminUrl);
    if (!server.isRunning())
        return 1;
    {
        QElapsedTimer timer;
        timer.start();
        pqxx::connection connection{server.databaseUrl()};
        pqxx::work work{connection};
        const std::string insert
            = "INSERT INTO transaction_log (kind, event_id, order_id,"
              " channel, actor, method, amount_cents, face_cents, reference,"
              " note) SELECT 'sale', $1::uuid, gen_random_uuid(), 'online',"
              " 'fan-' || n, 'card', 1000 + n % 5000, 1000 + n % 5000,"
              " 'pi_' || n, 'seeded, \"quoted\"' FROM generate_series(1, $2) n";
        work.exec_params(insert, kLarge, 1000000);
        work.exec_params(insert, kSmall, 1000);
        work.commit();
        std::printf("seeded 1,001,000 log rows in %.1f s\n", timer.elapsed() / 1000.0);
    }
    const QByteArray manager = testToken(QStringLiteral("bench-manager"), QStringLiteral("manager"));

    std::vector<double> ratios;
    for (int round = 1; round <= 3; ++round) {
        qint64 peak[2] = {0, 0};
        for (int which = 0; which < 2; ++which) {
            server.terminate();
            if (!server.start())
                return 1;
            QElapsedTimer timer;
            timer.start();
            const qint64 lines = exportLines(server.port(), manager, which ? kLarge : kSmall);
            const qint64 expected = which ? 1000001 : 1001;
            peak[which] = peakKib(server.pid());
            std::printf("round %d: %7lld lines in %6.2f s, server peak RSS %lld KiB\n",
                        round,
                        static_cast<long long>(lines),
                        timer.elapsed() / 1000.0,
                        static_cast<long long>(peak[which]));
            if (lines != expected) {
                std::fprintf(stderr, "expected %lld lines\n", static_cast<long long>(expected));
                return 1;
            }
        }
        ratios.push_back(double(peak[1]) / double(peak[0]));
    }
    const Spread s = spread(ratios);
    std::printf("peak RSS exporting 1,000,000 rows / exporting 1,000 rows (baseline), 3 rounds:"
                " min %.3f, median %.3f, max %.3f\n",
                s.min,
                s.median,
                s.max);
    std::printf("load average at end: %s\n", loadAverage().constData());
    return 0;
}
