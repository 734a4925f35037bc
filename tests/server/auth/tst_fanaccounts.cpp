// SPDX-License-Identifier: GPL-3.0-or-later
#include "seededevent.h"
#include "serverprocess.h"
#include "testenv.h"

#include <QEventLoop>
#include <QNetworkRequest>
#include <QTest>
#include <QTimer>
#include <QWebSocket>

using namespace boxoffice::test;

// Fans' accounts over a real server: POST /auth/register and its refusals, sign-in by email,
// the session cookie (what the web shop uses instead of a token in script) with its cross-site
// rules on REST and the WebSocket, GET /me and sign-out; two sign-ups racing for one email.
class TestFanAccounts : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<ServerProcess> m_server;
    QString m_eventId;

    HttpClient client() const { return m_server->client(); }
    QByteArray origin() const { return "http://127.0.0.1:" + QByteArray::number(m_server->port()); }

    HttpResponse registerFan(const QString &email,
                             const QString &password = QStringLiteral("correct horse battery"),
                             const QString &name = QStringLiteral("Ana Fan"))
    {
        return client().post("/auth/register",
                             QJsonObject{{QStringLiteral("email"), email},
                                         {QStringLiteral("password"), password},
                                         {QStringLiteral("name"), name}});
    }
    static QByteArray cookieOf(const HttpResponse &response)
    {
        const QByteArray set = response.header("set-cookie");
        return set.left(set.indexOf(';'));
    }

private Q_SLOTS:
    void initTestCase()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        m_server = std::make_unique<ServerProcess>(url);
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
        const QByteArray manager = testToken(QStringLiteral("manager"), QStringLiteral("manager"));
        const SeededEvent seeded = SeededEvent::create(client(),
                                                       manager,
                                                       QStringLiteral("fans"),
                                                       EventShape::seatsAndGa(2, 10, 100));
        QVERIFY2(seeded.ok(), seeded.error().constData());
        m_eventId = seeded.eventId;
    }

    void registerSignsIn()
    {
        const auto response = client().post(
            "/auth/register",
            QJsonObject{{QStringLiteral("email"), QStringLiteral("Ana.Garcia@Example.org")},
                        {QStringLiteral("password"), QStringLiteral("mi contraseña larga")},
                        {QStringLiteral("name"), QStringLiteral("Ana García")},
                        {QStringLiteral("locale"), QStringLiteral("es")}});
        QCOMPARE(response.status, 201);
        const QJsonObject body = response.json();
        QCOMPARE(body.value(u"role").toString(), QStringLiteral("fan"));
        QCOMPARE(body.value(u"sub").toString(), QStringLiteral("ana.garcia@example.org"));
        QCOMPARE(body.value(u"email").toString(), QStringLiteral("Ana.Garcia@Example.org"));
        QCOMPARE(body.value(u"name").toString(), QStringLiteral("Ana García"));
        QCOMPARE(body.value(u"locale").toString(), QStringLiteral("es"));
        QCOMPARE(body.value(u"token_type").toString(), QStringLiteral("Bearer"));
        const QByteArray token = body.value(u"access_token").toString().toLatin1();
        QVERIFY(!token.isEmpty());
        // The token works as any other.
        const auto me = client().get("/me", token);
        QCOMPARE(me.status, 200);
        QCOMPARE(me.json().value(u"email").toString(), QStringLiteral("Ana.Garcia@Example.org"));
        QCOMPARE(me.json().value(u"role").toString(), QStringLiteral("fan"));
        // And the browser gets it as an HttpOnly, SameSite=Strict cookie.
        const QByteArray cookie = response.header("set-cookie");
        QVERIFY2(cookie.startsWith(QByteArray("boxoffice_session=" + token + ";")),
                 cookie.constData());
        QVERIFY(cookie.contains("; HttpOnly"));
        QVERIFY(cookie.contains("; SameSite=Strict"));
        QVERIFY(cookie.contains("; Path=/"));
        QVERIFY(cookie.contains("; Max-Age="));
        QVERIFY(!cookie.contains("Secure")); // plain HTTP here
    }

    void cookieIsSecureBehindATlsProxy()
    {
        // TLS ends at the proxy: the server speaks plain HTTP but its public address is https.
        ServerProcess proxied(requiredEnv("BOXOFFICE_TEST_DATABASE_URL"),
                              {},
                              {{QStringLiteral("BOXOFFICE_PUBLIC_URL"),
                                QStringLiteral("https://shop.boxoffice.test")}});
        QVERIFY2(proxied.isRunning(), proxied.log().constData());
        const auto response = proxied.client().post(
            "/auth/register",
            QJsonObject{{QStringLiteral("email"), QStringLiteral("proxied@example.org")},
                        {QStringLiteral("password"), QStringLiteral("correct horse battery")},
                        {QStringLiteral("name"), QStringLiteral("Pia")}});
        QCOMPARE(response.status, 201);
        QVERIFY2(response.header("set-cookie").contains("; Secure"),
                 response.header("set-cookie").constData());
    }

    void emailIsUniqueWhateverTheCase()
    {
        QCOMPARE(registerFan(QStringLiteral("bob@example.org")).status, 201);
        const auto again = registerFan(QStringLiteral("BOB@Example.ORG"));
        QCOMPARE(again.status, 409);
        QCOMPARE(again.code(), QStringLiteral("email_taken"));
        QCOMPARE(again.header("content-type"), QByteArray("application/problem+json"));
        QVERIFY(again.header("set-cookie").isEmpty());
    }

    void weakPasswordsAreRefused_data()
    {
        QTest::addColumn<QString>("password");
        QTest::newRow("short") << QStringLiteral("abc12345");
        QTest::newRow("nine characters") << QStringLiteral("Abcdefgh1");
        QTest::newRow("common") << QStringLiteral("password123");
        QTest::newRow("common, other case") << QStringLiteral("QwertyUiop");
        QTest::newRow("keyboard walk") << QStringLiteral("1q2w3e4r5t");
        QTest::newRow("one character") << QStringLiteral("aaaaaaaaaaaa");
        QTest::newRow("the email") << QStringLiteral("weak@example.org");
        QTest::newRow("the email's name") << QStringLiteral("weakweakweak@x.org");
    }
    void weakPasswordsAreRefused()
    {
        QFETCH(QString, password);
        const QString email = password == u"weakweakweak@x.org"
                                  ? QStringLiteral("weakweakweak@x.org")
                                  : QStringLiteral("weak@example.org");
        const auto response = registerFan(email,
                                          password == u"weakweakweak@x.org"
                                              ? QStringLiteral("weakweakweak")
                                              : password);
        QCOMPARE(response.status, 422);
        QCOMPARE(response.code(), QStringLiteral("weak_password"));
        QVERIFY(!response.json().value(u"detail").toString().isEmpty());
    }

    void badInputIsBadRequest_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::newRow("not json") << QByteArray("{nope");
        QTest::newRow("array") << QByteArray("[]");
        QTest::newRow("no email") << QByteArray(R"({"password":"long enough pw","name":"A"})");
        QTest::newRow("no password") << QByteArray(R"({"email":"a@b.org","name":"A"})");
        QTest::newRow("no name") << QByteArray(R"({"email":"a@b.org","password":"long enough pw"})");
        QTest::newRow("empty name")
            << QByteArray(R"({"email":"a@b.org","password":"long enough pw","name":"  "})");
        QTest::newRow("not an email")
            << QByteArray(R"({"email":"nobody","password":"long enough pw","name":"A"})");
        QTest::newRow("two ats") << QByteArray(
            R"({"email":"a@b@c.org","password":"long enough pw","name":"A"})");
        QTest::newRow("markup in email")
            << QByteArray(R"({"email":"<a>@b.org","password":"long enough pw","name":"A"})");
        QTest::newRow("number as password")
            << QByteArray(R"({"email":"a@b.org","password":12345678901,"name":"A"})");
        QTest::newRow("bad locale") << QByteArray(
            R"({"email":"a@b.org","password":"long enough pw","name":"A","locale":"x"})");
        QTest::newRow("unknown field") << QByteArray(
            R"({"email":"a@b.org","password":"long enough pw","name":"A","role":"admin"})");
        QTest::newRow("long name")
            << QByteArray(R"({"email":"a@b.org","password":"long enough pw","name":")")
                   + QByteArray(300, 'n') + "\"}";
    }
    void badInputIsBadRequest()
    {
        QFETCH(QByteArray, body);
        const auto response = client().postRaw("/auth/register", body);
        QCOMPARE(response.status, 400);
        QCOMPARE(response.code(), QStringLiteral("bad_request"));
    }

    void concurrentSignUpsForOneEmail()
    {
        // Eight at once, the email in different cases: the database lets exactly one through.
        QList<HttpRequest> requests;
        for (int i = 0; i < 8; ++i) {
            const QString email = i % 2 ? QStringLiteral("race@example.org")
                                        : QStringLiteral("RACE@example.org");
            requests.append(
                HttpClient::request("POST",
                                    "/auth/register",
                                    QJsonDocument(
                                        QJsonObject{{QStringLiteral("email"), email},
                                                    {QStringLiteral("password"),
                                                     QStringLiteral("racing passwords %1").arg(i)},
                                                    {QStringLiteral("name"),
                                                     QStringLiteral("Racer")}})
                                        .toJson(),
                                    {}));
        }
        int created = 0;
        int taken = 0;
        for (const HttpResponse &response : client().concurrently(requests)) {
            if (response.status == 201)
                ++created;
            else if (response.status == 409 && response.code() == u"email_taken")
                ++taken;
            else
                QFAIL(response.body.constData());
        }
        QCOMPARE(created, 1);
        QCOMPARE(taken, 7);
    }

    void signInByEmail()
    {
        QCOMPARE(registerFan(QStringLiteral("carla@example.org"),
                             QStringLiteral("carla's long secret"))
                     .status,
                 201);
        auto login = [&](const QJsonObject &body) { return client().post("/auth/login", body); };
        const auto byEmail = login(
            {{QStringLiteral("email"), QStringLiteral("CARLA@example.org")},
             {QStringLiteral("password"), QStringLiteral("carla's long secret")}});
        QCOMPARE(byEmail.status, 200);
        QCOMPARE(byEmail.json().value(u"sub").toString(), QStringLiteral("carla@example.org"));
        QVERIFY(byEmail.header("set-cookie").startsWith("boxoffice_session="));
        const auto byName = login(
            {{QStringLiteral("username"), QStringLiteral("Carla@Example.org")},
             {QStringLiteral("password"), QStringLiteral("carla's long secret")}});
        QCOMPARE(byName.status, 200);
        const auto wrong = login({{QStringLiteral("email"), QStringLiteral("carla@example.org")},
                                  {QStringLiteral("password"), QStringLiteral("not her secret")}});
        QCOMPARE(wrong.status, 401);
        QCOMPARE(wrong.code(), QStringLiteral("unauthenticated"));
        QVERIFY(wrong.header("set-cookie").isEmpty());
        const auto nobody = login({{QStringLiteral("email"), QStringLiteral("nobody@example.org")},
                                   {QStringLiteral("password"), QStringLiteral("whatever it is")}});
        QCOMPARE(nobody.status, 401);
        // The same answer for both (but for the request's own id).
        QJsonObject nobodyProblem = nobody.json();
        QJsonObject wrongProblem = wrong.json();
        nobodyProblem.remove(u"request_id");
        wrongProblem.remove(u"request_id");
        QCOMPARE(nobodyProblem, wrongProblem);
        const auto both = login({{QStringLiteral("email"), QStringLiteral("carla@example.org")},
                                 {QStringLiteral("username"), QStringLiteral("carla")},
                                 {QStringLiteral("password"), QStringLiteral("x")}});
        QCOMPARE(both.status, 400);
    }

    void cookieAuthenticatesWithCrossSiteRules()
    {
        const auto signedUp = registerFan(QStringLiteral("dora@example.org"));
        QCOMPARE(signedUp.status, 201);
        const QByteArray cookie = cookieOf(signedUp);
        // Reads need only the cookie.
        const auto me = client().send({"GET", "/me", {}, {{"Cookie", "a=b; " + cookie}}});
        QCOMPARE(me.status, 200);
        QCOMPARE(me.json().value(u"sub").toString(), QStringLiteral("dora@example.org"));
        QCOMPARE(client().get("/me").status, 401);
        const QByteArray body = QJsonDocument(QJsonObject{{QStringLiteral("event_id"), m_eventId},
                                                          {QStringLiteral("seats"),
                                                           QJsonArray{QStringLiteral("S1-1-1")}}})
                                    .toJson();
        auto hold = [&](const QList<QPair<QByteArray, QByteArray>> &headers) {
            return client().send({"POST", "/holds", body, headers});
        };
        // A state change with only the cookie is what a forged form would send: refused.
        const auto forged = hold({{"Cookie", cookie}});
        QCOMPARE(forged.status, 403);
        QCOMPARE(forged.code(), QStringLiteral("forbidden"));
        const auto otherSite = hold({{"Cookie", cookie},
                                     {"X-Requested-With", "boxoffice-web"},
                                     {"Origin", "http://evil.example"}});
        QCOMPARE(otherSite.status, 403);
        const auto samePortOtherHost = hold(
            {{"Cookie", cookie},
             {"X-Requested-With", "boxoffice-web"},
             {"Origin", "http://127.0.0.2:" + QByteArray::number(m_server->port())}});
        QCOMPARE(samePortOtherHost.status, 403);
        const auto fromTheShop = hold(
            {{"Cookie", cookie}, {"X-Requested-With", "boxoffice-web"}, {"Origin", origin()}});
        QCOMPARE(fromTheShop.status, 201);
        QCOMPARE(client()
                     .get("/holds/" + fromTheShop.json().value(u"hold_id").toString().toLatin1(),
                          signedUp.json().value(u"access_token").toString().toLatin1())
                     .status,
                 200); // the cookie's holder is the token's
        // A bearer token needs none of that (API clients).
        const QByteArray token = signedUp.json().value(u"access_token").toString().toLatin1();
        QCOMPARE(client()
                     .send({"DELETE",
                            "/holds/" + fromTheShop.json().value(u"hold_id").toString().toLatin1(),
                            {},
                            {{"Authorization", "Bearer " + token}}})
                     .status,
                 204);
        // A cookie with a bad token is no sign-in.
        QCOMPARE(client()
                     .send({"GET", "/me", {}, {{"Cookie", "boxoffice_session=forged.token.x"}}})
                     .status,
                 401);
    }

    void webSocketTakesTheCookieFromTheSameOrigin()
    {
        const auto signedUp = registerFan(QStringLiteral("eva@example.org"));
        QCOMPARE(signedUp.status, 201);
        const QByteArray cookie = cookieOf(signedUp);
        // hold.get of an unknown hold: 404 when signed in, 401 when not.
        auto codeFrom = [&](const QString &origin) {
            QWebSocket socket(origin);
            QNetworkRequest request(
                QUrl(QStringLiteral("ws://127.0.0.1:%1/ws").arg(m_server->port())));
            request.setRawHeader("Cookie", cookie);
            QString reply;
            QEventLoop loop;
            QObject::connect(&socket, &QWebSocket::connected, [&] {
                socket.sendTextMessage(QStringLiteral(
                    R"({"id":1,"op":"hold.get","hold_id":"00000000-0000-4000-8000-000000000000"})"));
            });
            QObject::connect(&socket, &QWebSocket::textMessageReceived, [&](const QString &text) {
                const QJsonObject frame = QJsonDocument::fromJson(text.toUtf8()).object();
                if (frame.value(u"id").toInt() == 1) {
                    reply = frame.value(u"error").toObject().value(u"code").toString();
                    loop.quit();
                }
            });
            QTimer::singleShot(8000, &loop, &QEventLoop::quit);
            socket.open(request);
            loop.exec();
            return reply;
        };
        QCOMPARE(codeFrom(QString::fromLatin1(origin())), QStringLiteral("not_found"));
        QCOMPARE(codeFrom(QStringLiteral("http://evil.example")), QStringLiteral("unauthenticated"));
    }

    void signOutClearsTheCookie()
    {
        const auto response = client().postRaw("/auth/logout", {});
        QCOMPARE(response.status, 204);
        const QByteArray cookie = response.header("set-cookie");
        QVERIFY2(cookie.startsWith("boxoffice_session=;"), cookie.constData());
        QVERIFY(cookie.contains("Max-Age=0"));
        QVERIFY(cookie.contains("HttpOnly"));
    }
};

QTEST_GUILESS_MAIN(TestFanAccounts)
#include "tst_fanaccounts.moc"
