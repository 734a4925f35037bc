// SPDX-License-Identifier: GPL-3.0-or-later
// VenueClient against a small loopback HTTP responder: what it sends (paths, headers, bodies) and
// how it reads answers. The real server's end-to-end test lives with the server's venue routes.
#include <client/venueclient.h>

#include "httpresponder.h"

#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

using namespace boxoffice;

namespace {

using boxoffice::test::Responder;

client::ApiResult wait(const std::function<void(client::HttpTransport::Callback)> &call)
{
    client::ApiResult result;
    bool done = false;
    call([&](const client::ApiResult &r) {
        result = r;
        done = true;
    });
    if (!QTest::qWaitFor([&] { return done; }, 10000))
        result.error = QStringLiteral("timeout");
    return result;
}

} // namespace

class TestVenueClient : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void loginKeepsTokenAndPublishes()
    {
        Responder server;
        server.responses = {
            Responder::json(
                200,
                R"({"access_token":"tok123","token_type":"Bearer","expires_in":900,"role":"manager"})"),
            Responder::json(201, R"({"id":"v1","version":1,"seats":3})"),
            Responder::json(200, R"({"id":"v1","version":2,"seats":3})"),
        };
        client::VenueClient api;
        api.setBaseUrl(server.url());
        const auto login = wait(
            [&](auto done) { api.login(QStringLiteral("ana"), QStringLiteral("secret"), done); });
        QVERIFY2(login.ok(), qPrintable(login.error));
        QCOMPARE(api.accessToken(), QStringLiteral("tok123"));
        QVERIFY(server.requests.at(0).startsWith("POST /auth/login "));
        QVERIFY(server.requests.at(0).endsWith(R"({"password":"secret","username":"ana"})"));

        const auto created = wait([&](auto done) { api.createVenue("{\"venue\":1}", done); });
        QCOMPARE(created.status, 201);
        QCOMPARE(created.body.value(u"id").toString(), QStringLiteral("v1"));
        QVERIFY(server.requests.at(1).startsWith("POST /venues "));
        QVERIFY(server.requests.at(1).contains("Authorization: Bearer tok123"));

        const auto updated = wait([&](auto done) {
            api.updateVenue(QStringLiteral("v1"), QStringLiteral("1"), "{}", done);
        });
        QVERIFY(updated.ok());
        QVERIFY(server.requests.at(2).startsWith("PUT /venues/v1 "));
        QVERIFY(server.requests.at(2).contains("If-Match: 1"));
    }

    void problemsAndUnreachableServer()
    {
        Responder server;
        server.responses = {Responder::json(
            409,
            R"({"type":"about:blank","title":"Conflict","status":409,"code":"version_conflict","detail":"venue is at version 3"})",
            "ETag: \"3\"\r\n")};
        client::VenueClient api;
        api.setBaseUrl(server.url());
        const auto conflict = wait([&](auto done) {
            api.updateVenue(QStringLiteral("v1"), QStringLiteral("1"), "{}", done);
        });
        QCOMPARE(conflict.status, 409);
        QCOMPARE(conflict.code(), QStringLiteral("version_conflict"));
        QCOMPARE(conflict.error, QStringLiteral("venue is at version 3"));
        QCOMPARE(conflict.etag, QByteArray("\"3\""));

        api.setBaseUrl(QUrl(QStringLiteral("http://127.0.0.1:1")));
        const auto down = wait([&](auto done) { api.getVenue(QStringLiteral("v1"), done); });
        QCOMPARE(down.status, 0);
        QVERIFY(!down.ok());
        QVERIFY(!down.error.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestVenueClient)
#include "tst_venueclient.moc"
