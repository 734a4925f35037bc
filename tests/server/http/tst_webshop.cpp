// SPDX-License-Identifier: GPL-3.0-or-later
#include "http/gzip.h"
#include "seededevent.h"
#include "serverprocess.h"
#include "testenv.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace boxoffice::test;
using boxoffice::server::http::Gzip;

// The fans' web shop as boxoffice-server serves it (docs/web-shop.md), from a dist directory
// this test makes: caching, ETags, gzip, security headers, client-side routes, no way out of the
// directory; and the problem answers for unknown API routes and wrong methods. Also gzip of
// JSON answers (a seat map) through Qt's path and the raw front's.
class TestWebShop : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    std::unique_ptr<ServerProcess> m_server;
    QByteArray m_script;
    QString m_eventId;

    HttpClient client() const { return m_server->client(); }
    HttpResponse get(const QByteArray &path,
                     const QList<QPair<QByteArray, QByteArray>> &headers = {})
    {
        return client().send({"GET", path, {}, headers});
    }
    static void write(const QString &path, const QByteArray &bytes)
    {
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(bytes);
    }
    static void verifyShopHeaders(const HttpResponse &response)
    {
        const QByteArray policy = response.header("content-security-policy");
        QVERIFY2(policy.contains("script-src 'self'"), policy.constData());
        QVERIFY(policy.contains("default-src 'self'"));
        QVERIFY(policy.contains("frame-ancestors 'none'"));
        QVERIFY(!policy.contains("unsafe-inline"));
        QVERIFY(!policy.contains("unsafe-eval"));
        QCOMPARE(response.header("x-content-type-options"), QByteArray("nosniff"));
        QVERIFY(!response.header("referrer-policy").isEmpty());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString root = m_dir.filePath(QStringLiteral("dist"));
        write(root + QStringLiteral("/index.html"),
              "<!doctype html><html><head><script type=\"module\" "
              "src=\"/assets/app-3f9a1c.js\"></script></head><body>shop</body></html>\n");
        for (int i = 0; i < 200; ++i)
            m_script += "export const line" + QByteArray::number(i) + " = 'the web shop';\n";
        write(root + QStringLiteral("/assets/app-3f9a1c.js"), m_script);
        write(root + QStringLiteral("/assets/logo-77aa.png"), QByteArray(600, '\x89'));
        write(root + QStringLiteral("/favicon.svg"), "<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
        // What must never be served: a file beside the directory and a link out of it.
        write(m_dir.filePath(QStringLiteral("secret.txt")), "TOP-SECRET-OUTSIDE");
        write(root + QStringLiteral("/.hidden"), "TOP-SECRET-HIDDEN");
        QVERIFY(QFile::link(m_dir.filePath(QStringLiteral("secret.txt")),
                            root + QStringLiteral("/assets/link-1.js")));
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        m_server = std::make_unique<ServerProcess>(url,
                                                   QStringList{QStringLiteral("--web-dir"), root});
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
        const QByteArray manager = testToken(QStringLiteral("manager"), QStringLiteral("manager"));
        const SeededEvent seeded = SeededEvent::create(client(),
                                                       manager,
                                                       QStringLiteral("gz"),
                                                       EventShape::seatsAndGa(20, 40, 100, 2));
        QVERIFY2(seeded.ok(), seeded.error().constData());
        m_eventId = seeded.eventId;
    }

    void indexAndClientRoutes_data()
    {
        QTest::addColumn<QByteArray>("path");
        QTest::newRow("root") << QByteArray("/");
        QTest::newRow("shop route") << QByteArray("/shop/events/123");
        QTest::newRow("deep route") << QByteArray("/shop/orders/abc?x=1");
        QTest::newRow("unknown top level") << QByteArray("/checkout");
        QTest::newRow("index itself") << QByteArray("/index.html");
    }
    void indexAndClientRoutes()
    {
        QFETCH(QByteArray, path);
        const auto response = get(path);
        QCOMPARE(response.status, 200);
        QVERIFY(response.header("content-type").startsWith("text/html"));
        QVERIFY(response.body.contains("<body>shop</body>"));
        QCOMPARE(response.header("cache-control"), QByteArray("no-cache"));
        QVERIFY(!response.header("etag").isEmpty());
        verifyShopHeaders(response);
        // Revalidation costs no body.
        const auto again = get(path, {{"If-None-Match", response.header("etag")}});
        QCOMPARE(again.status, 304);
        QVERIFY(again.body.isEmpty());
    }

    void seatPagesPreloadTheSeatMap()
    {
        const QByteArray event = "6f0c2a8e-1b3d-4c5e-9f70-8a9b0c1d2e3f";
        const auto seats = get("/event/" + event + "/seats");
        QCOMPARE(seats.status, 200);
        const QByteArray path = "/events/" + event;
        QCOMPARE(seats.header("link"),
                 "<" + path + ">; rel=preload; as=fetch; crossorigin=anonymous, <" + path
                     + "/seatmap/layout>; rel=preload; as=fetch; crossorigin=anonymous, <" + path
                     + "/seatmap?format=status>; rel=preload; as=fetch; crossorigin=anonymous");
        // Other pages, and paths that are no event id, preload nothing.
        const QList<QByteArray> others{"/event/" + event,
                                       "/event/not-an-id/seats",
                                       "/event/" + event + "%3E%3B/seats",
                                       "/"};
        for (const QByteArray &page : others) {
            const auto other = get(page);
            QCOMPARE(other.status, 200);
            QVERIFY2(other.header("link").isEmpty(), page.constData());
        }
    }

    void assetsAreImmutableAndCompressed()
    {
        const auto plain = get("/assets/app-3f9a1c.js");
        QCOMPARE(plain.status, 200);
        QVERIFY(plain.header("content-type").startsWith("text/javascript"));
        QCOMPARE(plain.header("cache-control"), QByteArray("public, max-age=31536000, immutable"));
        QCOMPARE(plain.body, m_script);
        QVERIFY(plain.header("content-encoding").isEmpty());
        QCOMPARE(plain.header("vary"), QByteArray("Accept-Encoding"));
        verifyShopHeaders(plain);
        const auto gzip = get("/assets/app-3f9a1c.js", {{"Accept-Encoding", "gzip, deflate, br"}});
        QCOMPARE(gzip.status, 200);
        QCOMPARE(gzip.header("content-encoding"), QByteArray("gzip"));
        QVERIFY(gzip.body.size() < m_script.size() / 4);
        QCOMPARE(Gzip::decompress(gzip.body), m_script);
        QVERIFY(gzip.header("etag") != plain.header("etag")); // one per representation
        QCOMPARE(get("/assets/app-3f9a1c.js",
                     {{"If-None-Match", gzip.header("etag")}, {"Accept-Encoding", "gzip"}})
                     .status,
                 304);
        QCOMPARE(get("/assets/app-3f9a1c.js", {{"If-None-Match", "\"stale\""}}).status, 200);
        // gzip refused by q=0: plain.
        const auto refused = get("/assets/app-3f9a1c.js", {{"Accept-Encoding", "gzip;q=0"}});
        QVERIFY(refused.header("content-encoding").isEmpty());
        QCOMPARE(refused.body, m_script);
        // Images are not compressed again.
        const auto png = get("/assets/logo-77aa.png", {{"Accept-Encoding", "gzip"}});
        QCOMPARE(png.status, 200);
        QCOMPARE(png.header("content-type"), QByteArray("image/png"));
        QVERIFY(png.header("content-encoding").isEmpty());
        const auto icon = get("/favicon.svg");
        QCOMPARE(icon.status, 200);
        QCOMPARE(icon.header("content-type"), QByteArray("image/svg+xml"));
    }

    void precompressedFileIsUsed()
    {
        const QString root = m_dir.filePath(QStringLiteral("dist"));
        QByteArray css;
        for (int i = 0; i < 100; ++i)
            css += ".c" + QByteArray::number(i) + " { color: #123456; }\n";
        write(root + QStringLiteral("/assets/site-1b2c.css"), css);
        const QByteArray gz = Gzip::compress(css, 1); // not what the server would make (9)
        QVERIFY(gz != Gzip::compress(css, 9));
        write(root + QStringLiteral("/assets/site-1b2c.css.gz"), gz);
        const auto response = get("/assets/site-1b2c.css", {{"Accept-Encoding", "gzip"}});
        QCOMPARE(response.status, 200);
        QVERIFY(response.header("content-type").startsWith("text/css"));
        QCOMPARE(response.body, gz);
    }

    void missingAssetIsProblem()
    {
        const auto response = get("/assets/app-000000.js");
        QCOMPARE(response.status, 404);
        QCOMPARE(response.header("content-type"), QByteArray("application/problem+json"));
        QCOMPARE(response.code(), QStringLiteral("not_found"));
        verifyShopHeaders(response);
    }

    void noWayOutOfTheDirectory_data()
    {
        QTest::addColumn<QByteArray>("path");
        QTest::newRow("dot dot") << QByteArray("/../secret.txt");
        QTest::newRow("assets dot dot") << QByteArray("/assets/../../secret.txt");
        QTest::newRow("encoded dots") << QByteArray("/assets/%2e%2e/%2e%2e/secret.txt");
        QTest::newRow("encoded slash") << QByteArray("/assets/..%2f..%2fsecret.txt");
        QTest::newRow("backslash") << QByteArray("/assets/..%5c..%5csecret.txt");
        QTest::newRow("absolute") << QByteArray("/assets//etc/passwd");
        QTest::newRow("nul") << QByteArray("/assets/app-3f9a1c.js%00.png");
        QTest::newRow("hidden file") << QByteArray("/.hidden");
        QTest::newRow("symlink out") << QByteArray("/assets/link-1.js");
        QTest::newRow("double encoded") << QByteArray("/assets/%252e%252e/secret.txt");
    }
    void noWayOutOfTheDirectory()
    {
        QFETCH(QByteArray, path);
        const auto response = get(path);
        QVERIFY2(response.status == 404 || response.status == 400 || response.status == 200,
                 QByteArray::number(response.status).constData());
        QVERIFY(!response.body.contains("TOP-SECRET"));
        QVERIFY(!response.body.contains("root:"));
        if (path.startsWith("/assets/"))
            QVERIFY2(response.status != 200, response.body.constData()); // never index.html
    }

    void unknownApiRoutesAreProblems_data()
    {
        QTest::addColumn<QByteArray>("method");
        QTest::addColumn<QByteArray>("path");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QByteArray>("allow");
        QTest::newRow("unknown event sub-route")
            << QByteArray("GET") << QByteArray("/events/1/nothing") << 404
            << QStringLiteral("not_found") << QByteArray();
        QTest::newRow("unknown auth route") << QByteArray("GET") << QByteArray("/auth/nothing")
                                            << 404 << QStringLiteral("not_found") << QByteArray();
        QTest::newRow("GET on a POST route")
            << QByteArray("GET") << QByteArray("/auth/login") << 405
            << QStringLiteral("method_not_allowed") << QByteArray("POST");
        QTest::newRow("PATCH hold")
            << QByteArray("PATCH") << QByteArray("/holds/abc") << 405
            << QStringLiteral("method_not_allowed") << QByteArray("GET, DELETE");
        QTest::newRow("POST to a shop page")
            << QByteArray("POST") << QByteArray("/shop/x") << 405
            << QStringLiteral("method_not_allowed") << QByteArray("GET, HEAD");
        QTest::newRow("DELETE root")
            << QByteArray("DELETE") << QByteArray("/") << 405
            << QStringLiteral("method_not_allowed") << QByteArray("GET, HEAD");
    }
    void unknownApiRoutesAreProblems()
    {
        QFETCH(QByteArray, method);
        QFETCH(QByteArray, path);
        QFETCH(int, status);
        QFETCH(QString, code);
        QFETCH(QByteArray, allow);
        const auto response = client().send({method, path, {}, {}});
        QCOMPARE(response.status, status);
        QCOMPARE(response.header("content-type"), QByteArray("application/problem+json"));
        QCOMPARE(response.code(), code);
        QCOMPARE(response.json().value(u"status").toInt(), status);
        if (!allow.isEmpty())
            QCOMPARE(response.header("allow"), allow);
    }

    void jsonIsCompressed()
    {
        const QByteArray path = "/events/" + m_eventId.toLatin1() + "/seatmap";
        const auto plain = get(path);
        QCOMPARE(plain.status, 200);
        QVERIFY(plain.header("content-encoding").isEmpty());
        const auto gzip = get(path, {{"Accept-Encoding", "gzip"}});
        QCOMPARE(gzip.status, 200);
        QCOMPARE(gzip.header("content-encoding"), QByteArray("gzip"));
        QCOMPARE(gzip.header("content-type"), QByteArray("application/json"));
        QCOMPARE(gzip.header("etag"), plain.header("etag")); // headers survive compression
        QCOMPARE(Gzip::decompress(gzip.body), plain.body);
        qInfo("seat map of 1,600 seats: %lld bytes plain, %lld gzip",
              qint64(plain.body.size()),
              qint64(gzip.body.size()));
        QVERIFY(gzip.body.size() * 5 < plain.body.size());
        // A second reader gets the same bytes (compressed once per version).
        QCOMPARE(get(path, {{"Accept-Encoding", "gzip"}}).body, gzip.body);
        // Small answers and 304s stay as they are.
        QVERIFY(get("/healthz", {{"Accept-Encoding", "gzip"}}).header("content-encoding").isEmpty());
        QCOMPARE(get(path, {{"Accept-Encoding", "gzip"}, {"If-None-Match", plain.header("etag")}})
                     .status,
                 304);
        // Problems are JSON too.
        const auto problem = get("/events/" + m_eventId.toLatin1() + "/seatmap?format=bogus",
                                 {{"Accept-Encoding", "gzip"}});
        QCOMPARE(problem.status, 400);
    }

    void fastLaneStillAnswers()
    {
        // POST /holds goes through the raw front: it must still parse and answer.
        const QByteArray fan = testToken(QStringLiteral("gz-fan"));
        const auto held = client().post("/holds",
                                        QJsonObject{{QStringLiteral("event_id"), m_eventId},
                                                    {QStringLiteral("seats"),
                                                     QJsonArray{QStringLiteral("S1-1-1")}}},
                                        fan,
                                        {{"Accept-Encoding", "gzip"}});
        QCOMPARE(held.status, 201);
        QCOMPARE(held.json().value(u"status").toString(), QStringLiteral("active"));
    }
};

QTEST_GUILESS_MAIN(TestWebShop)
#include "tst_webshop.moc"
