// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 31 item 1: a seat map version is compressed once per instance, whoever asks. Readers
// who arrive together for a new version wait for the one compression (single flight) instead
// of each compressing megabytes; another version, or a body without an ETag, is compressed anew.
#include "http/jsoncompressor.h"

#include <QTest>
#include <QtConcurrent>

using namespace boxoffice::server::http;

class TestJsonCompressor : public QObject
{
    Q_OBJECT
private:
    // A seat map's worth of JSON (about 4 MB).
    static QByteArray bigMap(int version)
    {
        QByteArray body = "{\"version\":" + QByteArray::number(version) + ",\"seats\":[";
        for (int i = 0; i < 60000; ++i)
            body += "{\"id\":\"S" + QByteArray::number(i % 40) + "-" + QByteArray::number(i)
                    + "\",\"status\":\"available\",\"x\":" + QByteArray::number(i % 300)
                    + ",\"y\":" + QByteArray::number(i / 300) + "},";
        body.chop(1);
        return body + "]}";
    }
    static Request gzipRequest()
    {
        Request request;
        request.method = "GET";
        request.url = QUrl(QStringLiteral("/events/e1/seatmap"));
        request.headers = {{"Accept-Encoding", "gzip"}};
        return request;
    }
    static QHttpServerResponse answer(const QByteArray &body, const QByteArray &etag)
    {
        QHttpServerResponse response("application/json", body);
        if (!etag.isEmpty())
            response.setHeader("ETag", etag);
        return response;
    }

private Q_SLOTS:
    void readersOfANewVersionShareOneCompression()
    {
        const QByteArray body = bigMap(1);
        const qint64 before = JsonCompressor::compressions();
        QList<QFuture<QByteArray>> readers;
        QThreadPool pool;
        pool.setMaxThreadCount(8);
        for (int i = 0; i < 8; ++i)
            readers.append(QtConcurrent::run(&pool, [&body] {
                return JsonCompressor::apply(answer(body, "\"1\""), gzipRequest()).data();
            }));
        QList<QByteArray> answers;
        for (QFuture<QByteArray> &reader : readers)
            answers.append(reader.result());
        QCOMPARE(JsonCompressor::compressions() - before, 1);
        for (const QByteArray &gzip : answers) {
            QCOMPARE(gzip, answers.first());
            QVERIFY(gzip.size() < body.size() / 5);
        }
        // Later readers of the same version: from the cache.
        JsonCompressor::apply(answer(body, "\"1\""), gzipRequest());
        QCOMPARE(JsonCompressor::compressions() - before, 1);
        // A new version is compressed once more; an answer without an ETag every time.
        JsonCompressor::apply(answer(bigMap(2), "\"2\""), gzipRequest());
        QCOMPARE(JsonCompressor::compressions() - before, 2);
        JsonCompressor::apply(answer(body, {}), gzipRequest());
        JsonCompressor::apply(answer(body, {}), gzipRequest());
        QCOMPARE(JsonCompressor::compressions() - before, 4);
    }

    void theSameEtagWithOtherBytesIsNotServedStale()
    {
        const QByteArray first = bigMap(3);
        const QByteArray other = bigMap(4);
        const QByteArray a = JsonCompressor::apply(answer(first, "\"3\""), gzipRequest()).data();
        const QByteArray b = JsonCompressor::apply(answer(other, "\"3\""), gzipRequest()).data();
        QVERIFY(a != b);
    }
};

QTEST_GUILESS_MAIN(TestJsonCompressor)
#include "tst_jsoncompressor.moc"
