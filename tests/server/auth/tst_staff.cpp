// SPDX-License-Identifier: GPL-3.0-or-later
#include "serverprocess.h"
#include "testenv.h"

#include <pqxx/pqxx>

#include <QDateTime>
#include <QEventLoop>
#include <QTest>
#include <QTimer>
#include <QWebSocket>

using namespace boxoffice::test;

// The back office's staff accounts and audit trail over two real servers on one database
// (docs/back-office.md, "Staff" and "Audit"): create, list and change accounts; passwords never
// shown; a disabled account refused at once on both servers (its token, its cookie, its
// sign-in); sign-ins recorded; staff.create/update in GET /audit with paging and filters; many
// requests in flight while an account is disabled, two managers changing one account at once,
// and the database gone during staff requests.
class TestStaff : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<ServerProcess> m_server;
    std::unique_ptr<ServerProcess> m_other; // a second instance on the same database
    // A manager's token whose subject is no users row (the tests' usual kind of token).
    const QByteArray m_boss = testToken(QStringLiteral("boss"), QStringLiteral("manager"));
    const QByteArray m_root = testToken(QStringLiteral("root"), QStringLiteral("admin"));

    HttpClient client() const { return m_server->client(); }

    static QByteArray json(const QJsonObject &body)
    {
        return QJsonDocument(body).toJson(QJsonDocument::Compact);
    }
    HttpResponse create(const QString &username,
                        const QString &role,
                        const QString &password,
                        const QByteArray &token)
    {
        return client().post("/staff",
                             {{QStringLiteral("username"), username},
                              {QStringLiteral("role"), role},
                              {QStringLiteral("password"), password}},
                             token);
    }
    HttpResponse patch(qint64 id, const QJsonObject &body, const QByteArray &token)
    {
        return client().send(
            HttpClient::request("PATCH", "/staff/" + QByteArray::number(id), json(body), token));
    }
    HttpResponse login(const QString &username, const QString &password)
    {
        return client().post("/auth/login",
                             {{QStringLiteral("username"), username},
                              {QStringLiteral("password"), password}});
    }
    QByteArray tokenOf(const QString &username, const QString &password)
    {
        const HttpResponse signedIn = login(username, password);
        if (signedIn.status != 200)
            qWarning() << signedIn.status << signedIn.body;
        return signedIn.json().value(u"access_token").toString().toLatin1();
    }
    // Creates an account and answers its id (0 on failure, with a warning).
    qint64 made(const QString &username, const QString &role, const QString &password)
    {
        const HttpResponse created = create(username, role, password, m_boss);
        if (created.status != 201)
            qWarning() << created.status << created.body;
        return created.json().value(u"id").toInteger();
    }
    QJsonObject listed(const QString &username)
    {
        for (const QJsonValue &item :
             client().get("/staff", m_boss).json().value(u"items").toArray()) {
            if (item[u"username"].toString() == username)
                return item.toObject();
        }
        return {};
    }
    QJsonArray audit(const QByteArray &query)
    {
        return client().get("/audit" + query, m_boss).json().value(u"items").toArray();
    }
    std::string adminUrl() const { return requiredEnv("BOXOFFICE_TEST_DATABASE_URL"); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(!adminUrl().empty());
        // Many sign-ins from one address here: the per-address limit is not under test.
        m_server = std::make_unique<ServerProcess>(
            adminUrl(),
            QStringList{},
            QHash<QString, QString>{{QStringLiteral("BOXOFFICE_LOGIN_IP_PER_MINUTE"),
                                     QStringLiteral("100000")},
                                    {QStringLiteral("BOXOFFICE_LOGIN_IP_BURST"),
                                     QStringLiteral("10000")}});
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
        m_other = std::make_unique<ServerProcess>(m_server.get());
        QVERIFY2(m_other->isRunning(), m_other->log().constData());
    }

    void createListAndChange()
    {
        const QString password = QStringLiteral("counter clerk secret 1");
        const HttpResponse created = create(QStringLiteral("carla"),
                                            QStringLiteral("clerk"),
                                            password,
                                            m_boss);
        QCOMPARE(created.status, 201);
        const QJsonObject item = created.json();
        QCOMPARE(item.value(u"username").toString(), QStringLiteral("carla"));
        QCOMPARE(item.value(u"role").toString(), QStringLiteral("clerk"));
        QCOMPARE(item.value(u"disabled").toBool(true), false);
        QVERIFY(item.value(u"id").toInteger() > 0);
        QVERIFY(item.value(u"last_sign_in_at").isNull());
        const QDateTime createdAt = QDateTime::fromString(item.value(u"created_at").toString(),
                                                          Qt::ISODateWithMs);
        QVERIFY(createdAt.isValid());
        QVERIFY(qAbs(createdAt.secsTo(QDateTime::currentDateTimeUtc())) < 120);
        QCOMPARE(QStringList(item.keys()),
                 (QStringList{"created_at", "disabled", "id", "last_sign_in_at", "role", "username"}));
        QVERIFY(!created.body.contains(password.toUtf8()));

        // Fans are not staff: a registered fan is not listed, nor can be changed here.
        QCOMPARE(client()
                     .post("/auth/register",
                           {{QStringLiteral("email"), QStringLiteral("fan@example.org")},
                            {QStringLiteral("password"), QStringLiteral("a fan's long secret")},
                            {QStringLiteral("name"), QStringLiteral("Fan")}})
                     .status,
                 201);
        const HttpResponse list = client().get("/staff", m_boss);
        QCOMPARE(list.status, 200);
        QVERIFY(!list.body.contains("fan@example.org"));
        QVERIFY(!list.body.contains("password"));
        QCOMPARE(listed(QStringLiteral("carla")), item);

        const qint64 id = item.value(u"id").toInteger();
        const HttpResponse changed = patch(id,
                                           {{QStringLiteral("role"), QStringLiteral("door")},
                                            {QStringLiteral("password"),
                                             QStringLiteral("a new door password")}},
                                           m_boss);
        QCOMPARE(changed.status, 200);
        QCOMPARE(changed.json().value(u"role").toString(), QStringLiteral("door"));
        QVERIFY(!changed.body.contains("a new door password"));
        QCOMPARE(login(QStringLiteral("carla"), password).status, 401);
        const HttpResponse signedIn = login(QStringLiteral("carla"),
                                            QStringLiteral("a new door password"));
        QCOMPARE(signedIn.status, 200);
        QCOMPARE(signedIn.json().value(u"role").toString(), QStringLiteral("door"));
        // An empty change changes nothing.
        QCOMPARE(patch(id, {}, m_boss).json().value(u"role").toString(), QStringLiteral("door"));
        QCOMPARE(patch(999999, {{QStringLiteral("disabled"), true}}, m_boss).code(),
                 QStringLiteral("not_found"));
        QCOMPARE(client().send(HttpClient::request("PATCH", "/staff/nope", "{}", m_boss)).status,
                 404);
    }

    void badInputNamesTheField_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("field");
        const auto row = [](const char *name, const char *body, int status, const char *field) {
            QTest::newRow(name) << QByteArray(body) << status
                                << QString::fromLatin1(status == 400 ? "bad_request"
                                                                     : "invalid_field")
                                << QString::fromLatin1(field);
        };
        row("weak password",
            R"({"username":"weak1","role":"clerk","password":"password123"})",
            422,
            "password");
        row("short password",
            R"({"username":"weak2","role":"clerk","password":"abc"})",
            422,
            "password");
        row("password is the name",
            R"({"username":"weakweakweak","role":"clerk","password":"weakweakweak"})",
            422,
            "password");
        row("upper-case name",
            R"({"username":"Anna","role":"clerk","password":"a long enough secret"})",
            422,
            "username");
        row("email as name",
            R"({"username":"a@b.org","role":"clerk","password":"a long enough secret"})",
            422,
            "username");
        row("fan role",
            R"({"username":"fanny","role":"fan","password":"a long enough secret"})",
            422,
            "role");
        row("unknown role",
            R"({"username":"fanny","role":"boss","password":"a long enough secret"})",
            422,
            "role");
        row("no password", R"({"username":"nopw","role":"clerk"})", 400, "password");
        row("number as name",
            R"({"username":12,"role":"clerk","password":"a long enough secret"})",
            400,
            "username");
        row("unknown field",
            R"({"username":"x1","role":"clerk","password":"a long enough secret","admin":true})",
            400,
            "admin");
    }
    void badInputNamesTheField()
    {
        QFETCH(QByteArray, body);
        QFETCH(int, status);
        QFETCH(QString, code);
        QFETCH(QString, field);
        const HttpResponse answer = client().postRaw("/staff", body, m_boss);
        QCOMPARE(answer.status, status);
        QCOMPARE(answer.code(), code);
        QCOMPARE(answer.json().value(u"field").toString(), field);
        QVERIFY(!answer.json().value(u"detail").toString().isEmpty());
        QCOMPARE(answer.header("content-type"), QByteArray("application/problem+json"));
        // And nothing was made.
        const QString username = QJsonDocument::fromJson(body).object().value(u"username").toString();
        if (!username.isEmpty())
            QVERIFY(listed(username).isEmpty());
    }

    void patchRefusesBadValues()
    {
        const qint64 id = made(QStringLiteral("pat"),
                               QStringLiteral("clerk"),
                               QStringLiteral("pat's long secret"));
        QVERIFY(id > 0);
        const HttpResponse weak = patch(id,
                                        {{QStringLiteral("password"), QStringLiteral("qwertyuiop")}},
                                        m_boss);
        QCOMPARE(weak.status, 422);
        QCOMPARE(weak.json().value(u"field").toString(), QStringLiteral("password"));
        const HttpResponse type = client().send(
            HttpClient::request("PATCH",
                                "/staff/" + QByteArray::number(id),
                                R"({"disabled":"yes"})",
                                m_boss));
        QCOMPARE(type.status, 400);
        QCOMPARE(type.json().value(u"field").toString(), QStringLiteral("disabled"));
        QCOMPARE(patch(id, {{QStringLiteral("role"), QStringLiteral("fan")}}, m_boss)
                     .json()
                     .value(u"field")
                     .toString(),
                 QStringLiteral("role"));
        QCOMPARE(listed(QStringLiteral("pat")).value(u"role").toString(), QStringLiteral("clerk"));
    }

    void duplicateNamesConflict()
    {
        QVERIFY(
            made(QStringLiteral("dup"), QStringLiteral("clerk"), QStringLiteral("first long secret"))
            > 0);
        const HttpResponse again = create(QStringLiteral("dup"),
                                          QStringLiteral("manager"),
                                          QStringLiteral("second long secret"),
                                          m_boss);
        QCOMPARE(again.status, 409);
        QCOMPARE(again.code(), QStringLiteral("username_taken"));
        QCOMPARE(listed(QStringLiteral("dup")).value(u"role").toString(), QStringLiteral("clerk"));
        // Six managers creating one name at once: the unique index lets exactly one through.
        QList<HttpRequest> requests;
        for (int i = 0; i < 6; ++i)
            requests.append(
                HttpClient::request("POST",
                                    "/staff",
                                    json({{QStringLiteral("username"), QStringLiteral("racer")},
                                          {QStringLiteral("role"), QStringLiteral("clerk")},
                                          {QStringLiteral("password"),
                                           QStringLiteral("racing secret %1").arg(i)}}),
                                    m_boss));
        int created = 0;
        int taken = 0;
        for (const HttpResponse &answer : client().concurrently(requests)) {
            if (answer.status == 201)
                ++created;
            else if (answer.status == 409 && answer.code() == u"username_taken")
                ++taken;
            else
                QFAIL(answer.body.constData());
        }
        QCOMPARE(created, 1);
        QCOMPARE(taken, 5);
        QCOMPARE(audit("?limit=200").size() > 0, true);
        int createLines = 0;
        for (const QJsonValue &line : audit("?limit=200")) {
            if (line[u"action"].toString() == u"staff.create"
                && line[u"after"][u"username"].toString() == u"racer")
                ++createLines;
        }
        QCOMPARE(createLines, 1);
    }

    void onlyManagersAndAdmins_data()
    {
        QTest::addColumn<QByteArray>("token");
        QTest::addColumn<int>("status");
        QTest::newRow("none") << QByteArray() << 401;
        QTest::newRow("fan") << testToken(QStringLiteral("fan@example.org")) << 403;
        QTest::newRow("door") << testToken(QStringLiteral("gate"), QStringLiteral("door")) << 403;
        QTest::newRow("clerk") << testToken(QStringLiteral("desk"), QStringLiteral("clerk")) << 403;
        QTest::newRow("forged") << QByteArray("a.b.c") << 401;
    }
    void onlyManagersAndAdmins()
    {
        QFETCH(QByteArray, token);
        QFETCH(int, status);
        const QList<HttpRequest> requests{
            HttpClient::request("GET", "/staff", {}, token),
            HttpClient::request(
                "POST",
                "/staff",
                R"({"username":"sneaky","role":"manager","password":"a long sneaky secret"})",
                token),
            HttpClient::request("PATCH", "/staff/1", R"({"disabled":true})", token),
            HttpClient::request("GET", "/staff/sign-ins", {}, token),
            HttpClient::request("GET", "/audit", {}, token)};
        for (const HttpRequest &request : requests) {
            const HttpResponse answer = client().send(request);
            QVERIFY2(answer.status == status,
                     QByteArray(request.path + ": " + answer.body).constData());
        }
        QVERIFY(listed(QStringLiteral("sneaky")).isEmpty());
    }

    void managersLimits()
    {
        const QString secret = QStringLiteral("maria's long secret");
        const qint64 maria = made(QStringLiteral("maria"), QStringLiteral("manager"), secret);
        QVERIFY(maria > 0);
        const QByteArray token = tokenOf(QStringLiteral("maria"), secret);
        QVERIFY(!token.isEmpty());
        QCOMPARE(client().get("/staff", token).status, 200);
        // Not themself: no disabling, no other role.
        QCOMPARE(patch(maria, {{QStringLiteral("disabled"), true}}, token).status, 403);
        QCOMPARE(patch(maria, {{QStringLiteral("role"), QStringLiteral("clerk")}}, token).status,
                 403);
        QCOMPARE(patch(maria,
                       {{QStringLiteral("password"), QStringLiteral("maria's newer secret")}},
                       token)
                     .status,
                 200);
        // No admins from a manager, no changing an admin's account.
        QCOMPARE(create(QStringLiteral("wannabe"), QStringLiteral("admin"), secret, token).status,
                 403);
        const HttpResponse admin = create(QStringLiteral("ada"),
                                          QStringLiteral("admin"),
                                          QStringLiteral("ada's long secret"),
                                          m_root);
        QCOMPARE(admin.status, 201);
        const qint64 ada = admin.json().value(u"id").toInteger();
        QCOMPARE(patch(ada, {{QStringLiteral("disabled"), true}}, token).status, 403);
        QCOMPARE(patch(ada, {{QStringLiteral("password"), secret}}, token).status, 403);
        QCOMPARE(patch(ada, {{QStringLiteral("role"), QStringLiteral("admin")}}, m_boss).status,
                 403);
        QCOMPARE(listed(QStringLiteral("ada")).value(u"disabled").toBool(true), false);
        // A demotion counts from the next request: the old manager token acts as a clerk.
        QCOMPARE(patch(maria, {{QStringLiteral("role"), QStringLiteral("clerk")}}, m_boss).status,
                 200);
        QCOMPARE(client().get("/staff", token).status, 403);
        QCOMPARE(client().get("/me", token).status, 200);
    }

    void disabledAccountIsRefusedAtOnceEverywhere()
    {
        const QString secret = QStringLiteral("dora's long secret");
        const qint64 dora = made(QStringLiteral("dora"), QStringLiteral("manager"), secret);
        QVERIFY(dora > 0);
        const HttpResponse signedIn = login(QStringLiteral("dora"), secret);
        QCOMPARE(signedIn.status, 200);
        const QByteArray token = signedIn.json().value(u"access_token").toString().toLatin1();
        const QByteArray cookie = signedIn.header("set-cookie").split(';').first();
        // Both servers know the token (so both have verified and remembered it).
        QCOMPARE(client().get("/staff", token).status, 200);
        QCOMPARE(m_other->client().get("/staff", token).status, 200);
        QCOMPARE(client().send({"GET", "/me", {}, {{"Cookie", cookie}}}).status, 200);

        const HttpResponse disabled = patch(dora, {{QStringLiteral("disabled"), true}}, m_boss);
        QCOMPARE(disabled.status, 200);
        QCOMPARE(disabled.json().value(u"disabled").toBool(), true);
        // The very next request, on either server, by token or by cookie.
        QCOMPARE(client().get("/staff", token).status, 401);
        QCOMPARE(m_other->client().get("/staff", token).status, 401);
        QCOMPARE(m_other->client().get("/me", token).code(), QStringLiteral("unauthenticated"));
        QCOMPARE(client().send({"GET", "/me", {}, {{"Cookie", cookie}}}).status, 401);
        // No new sign-in: with the password it says why, without it nothing new.
        const HttpResponse again = login(QStringLiteral("dora"), secret);
        QCOMPARE(again.status, 403);
        QCOMPARE(again.code(), QStringLiteral("account_disabled"));
        QVERIFY(again.header("set-cookie").isEmpty());
        const HttpResponse guess = login(QStringLiteral("dora"), QStringLiteral("a wrong guess!"));
        QCOMPARE(guess.status, 401);
        QCOMPARE(guess.code(), QStringLiteral("unauthenticated"));
        QCOMPARE(listed(QStringLiteral("dora")).value(u"disabled").toBool(), true);

        // Enabled again: the same token works, and so does signing in.
        QCOMPARE(patch(dora, {{QStringLiteral("disabled"), false}}, m_boss).status, 200);
        QCOMPARE(client().get("/staff", token).status, 200);
        QCOMPARE(m_other->client().get("/staff", token).status, 200);
        QCOMPARE(login(QStringLiteral("dora"), secret).status, 200);
    }

    void disabledAccountLeavesItsWebSocket()
    {
        const QString secret = QStringLiteral("wanda's long secret");
        const qint64 wanda = made(QStringLiteral("wanda"), QStringLiteral("clerk"), secret);
        QVERIFY(wanda > 0);
        const QByteArray token = tokenOf(QStringLiteral("wanda"), secret);
        QWebSocket socket;
        QEventLoop loop;
        QString reply;
        QObject::connect(&socket, &QWebSocket::textMessageReceived, [&](const QString &text) {
            const QJsonObject frame = QJsonDocument::fromJson(text.toUtf8()).object();
            if (frame.contains(u"id")) {
                reply = frame.value(u"ok").toBool()
                            ? QStringLiteral("ok")
                            : frame.value(u"error").toObject().value(u"code").toString();
                loop.quit();
            }
        });
        QObject::connect(&socket, &QWebSocket::connected, &loop, &QEventLoop::quit);
        socket.open(QUrl(QStringLiteral("ws://127.0.0.1:%1/ws").arg(m_other->port())));
        QTimer::singleShot(8000, &loop, &QEventLoop::quit);
        loop.exec();
        QCOMPARE(socket.state(), QAbstractSocket::ConnectedState);
        // hold.get of an unknown hold: not_found while signed in, unauthenticated once out.
        int next = 1;
        const auto ask = [&](const QString &frame) {
            reply.clear();
            socket.sendTextMessage(frame.arg(next++));
            QTimer::singleShot(8000, &loop, &QEventLoop::quit);
            loop.exec();
            return reply;
        };
        const QString get = QStringLiteral("{\"id\":%1,\"op\":\"hold.get\",\"hold_id\":"
                                           "\"00000000-0000-4000-8000-000000000000\"}");
        const QString auth = QStringLiteral("{\"id\":%1,\"op\":\"auth\",\"token\":\"")
                             + QString::fromLatin1(token) + QStringLiteral("\"}");
        QCOMPARE(ask(auth), QStringLiteral("ok"));
        QCOMPARE(ask(get), QStringLiteral("not_found"));
        QCOMPARE(patch(wanda, {{QStringLiteral("disabled"), true}}, m_boss).status, 200);
        QCOMPARE(ask(get), QStringLiteral("unauthenticated"));
        // Nor can it sign the session in again with the same token.
        QCOMPARE(ask(auth), QStringLiteral("unauthenticated"));
    }

    void signInsAreRecorded()
    {
        const QString secret = QStringLiteral("sam's long secret");
        QVERIFY(made(QStringLiteral("sam"), QStringLiteral("clerk"), secret) > 0);
        QVERIFY(made(QStringLiteral("tom"), QStringLiteral("door"), secret) > 0);
        QVERIFY(listed(QStringLiteral("sam")).value(u"last_sign_in_at").isNull());
        const QDateTime before = QDateTime::currentDateTimeUtc().addSecs(-5);
        QCOMPARE(login(QStringLiteral("sam"), secret).status, 200);
        QCOMPARE(login(QStringLiteral("sam"), QStringLiteral("not sam's secret")).status, 401);
        QCOMPARE(login(QStringLiteral("tom"), secret).status, 200);
        const QDateTime after = QDateTime::currentDateTimeUtc().addSecs(5);
        const HttpResponse answer = client().get("/staff/sign-ins?limit=2", m_boss);
        QCOMPARE(answer.status, 200);
        const QJsonArray items = answer.json().value(u"items").toArray();
        QCOMPARE(items.size(), 2);
        QCOMPARE(items[0][u"username"].toString(), QStringLiteral("tom")); // newest first
        QCOMPARE(items[1][u"username"].toString(), QStringLiteral("sam"));
        for (const QJsonValue &item : items) {
            const QDateTime at = QDateTime::fromString(item[u"at"].toString(), Qt::ISODateWithMs);
            QVERIFY2(at >= before && at <= after, qPrintable(item[u"at"].toString()));
            QCOMPARE(item[u"address"].toString(), QStringLiteral("127.0.0.1"));
        }
        QVERIFY(QDateTime::fromString(items[0][u"at"].toString(), Qt::ISODateWithMs)
                >= QDateTime::fromString(items[1][u"at"].toString(), Qt::ISODateWithMs));
        const QDateTime last = QDateTime::fromString(listed(QStringLiteral("sam"))
                                                         .value(u"last_sign_in_at")
                                                         .toString(),
                                                     Qt::ISODateWithMs);
        QVERIFY(last >= before && last <= after);
        // Fans' sign-ins are not staff sign-ins.
        QCOMPARE(client()
                     .post("/auth/login",
                           {{QStringLiteral("email"), QStringLiteral("fan@example.org")},
                            {QStringLiteral("password"), QStringLiteral("a fan's long secret")}})
                     .status,
                 200);
        QVERIFY(!client().get("/staff/sign-ins", m_boss).body.contains("fan@example.org"));
        for (const QByteArray &limit : {QByteArray("0"), QByteArray("201"), QByteArray("x")}) {
            const HttpResponse bad = client().get("/staff/sign-ins?limit=" + limit, m_boss);
            QCOMPARE(bad.status, 422);
            QCOMPARE(bad.json().value(u"field").toString(), QStringLiteral("limit"));
        }
    }

    void auditShowsStaffChangesWithoutPasswords()
    {
        const qint64 id = made(QStringLiteral("audrey"),
                               QStringLiteral("clerk"),
                               QStringLiteral("audrey's long secret"));
        QVERIFY(id > 0);
        QCOMPARE(patch(id,
                       {{QStringLiteral("role"), QStringLiteral("manager")},
                        {QStringLiteral("password"), QStringLiteral("audrey's other secret")}},
                       m_boss)
                     .status,
                 200);
        const HttpResponse answer = client().get("/audit?limit=200", m_boss);
        QCOMPARE(answer.status, 200);
        QVERIFY(!answer.body.contains("secret"));
        QVERIFY(!answer.body.contains("scrypt"));
        QJsonObject createLine;
        QJsonObject updateLine;
        for (const QJsonValue &line : answer.json().value(u"items").toArray()) {
            if (line[u"subject"].toString() != QString::number(id))
                continue;
            if (line[u"action"].toString() == u"staff.create")
                createLine = line.toObject();
            else if (line[u"action"].toString() == u"staff.update")
                updateLine = line.toObject();
        }
        QCOMPARE(createLine.value(u"actor").toString(), QStringLiteral("boss"));
        QVERIFY(createLine.value(u"before").isNull());
        QCOMPARE(createLine.value(u"after").toObject(),
                 (QJsonObject{{"username", "audrey"}, {"role", "clerk"}, {"disabled", false}}));
        QVERIFY(createLine.value(u"event_id").isNull());
        QCOMPARE(updateLine.value(u"before").toObject(),
                 (QJsonObject{{"username", "audrey"}, {"role", "clerk"}}));
        QCOMPARE(updateLine.value(u"after").toObject(),
                 (QJsonObject{{"username", "audrey"},
                              {"role", "manager"},
                              {"password_changed", true}}));
        QVERIFY(updateLine.value(u"id").toInteger() > createLine.value(u"id").toInteger());
        const QDateTime at = QDateTime::fromString(updateLine.value(u"at").toString(),
                                                   Qt::ISODateWithMs);
        QVERIFY(qAbs(at.secsTo(QDateTime::currentDateTimeUtc())) < 120);
    }

    void auditPagesAndFilters()
    {
        // Lines of two events (the event actions' own writers come with their endpoints).
        const QString eventA = QStringLiteral("0b6f1f4e-0000-4000-8000-00000000000a");
        const QString eventB = QStringLiteral("0b6f1f4e-0000-4000-8000-00000000000b");
        {
            pqxx::connection connection{m_server->databaseUrl()};
            pqxx::work work{connection};
            for (int i = 0; i < 3; ++i)
                work.exec_params(
                    "INSERT INTO audit (actor, action, subject, event_id, before, after)"
                    " VALUES ('boss', 'event.update', $1::text, $1::text::uuid,"
                    " '{\"title\":\"old\"}', '{\"title\":\"new\"}')",
                    eventA.toStdString());
            work.exec_params("INSERT INTO audit (actor, action, subject, event_id)"
                             " VALUES ('boss', 'event.cancel', $1::text, $1::text::uuid)",
                             eventB.toStdString());
            work.commit();
        }
        const QJsonArray ofA = audit("?event_id=" + eventA.toUpper().toLatin1());
        QCOMPARE(ofA.size(), 3);
        for (const QJsonValue &line : ofA) {
            QCOMPARE(line[u"event_id"].toString(), eventA);
            QCOMPARE(line[u"before"][u"title"].toString(), QStringLiteral("old"));
        }
        QCOMPARE(audit("?event_id=" + eventB.toLatin1()).size(), 1);

        // Every line, two at a time: newest first, no line twice, none left out.
        const QJsonArray all = audit("?limit=200");
        QVERIFY(all.size() >= 6);
        QList<qint64> paged;
        QByteArray query = "?limit=2";
        for (int page = 0; page < 200; ++page) {
            const QJsonObject body = client().get("/audit" + query, m_boss).json();
            const QJsonArray items = body.value(u"items").toArray();
            QVERIFY(items.size() <= 2);
            for (const QJsonValue &line : items)
                paged.append(line[u"id"].toInteger());
            if (body.value(u"next_before").isNull())
                break;
            QCOMPARE(items.size(), 2);
            QCOMPARE(body.value(u"next_before").toInteger(), items.last()[u"id"].toInteger());
            query = "?limit=2&before=" + QByteArray::number(body.value(u"next_before").toInteger());
        }
        QList<qint64> expected;
        for (const QJsonValue &line : all)
            expected.append(line[u"id"].toInteger());
        QCOMPARE(paged, expected);
        for (int i = 1; i < paged.size(); ++i)
            QVERIFY(paged[i] < paged[i - 1]);
        // Within one event, by pages too.
        const QJsonObject first
            = client().get("/audit?limit=2&event_id=" + eventA.toLatin1(), m_boss).json();
        QCOMPARE(first.value(u"items").toArray().size(), 2);
        const QJsonObject rest = client()
                                     .get("/audit?limit=2&event_id=" + eventA.toLatin1() + "&before="
                                              + QByteArray::number(
                                                  first.value(u"next_before").toInteger()),
                                          m_boss)
                                     .json();
        QCOMPARE(rest.value(u"items").toArray().size(), 1);
        QVERIFY(rest.value(u"next_before").isNull());
        // since: nothing after a time to come; everything since a while ago.
        QCOMPARE(audit("?since=2999-01-01T00:00:00Z").size(), 0);
        QCOMPARE(audit("?limit=200&since="
                       + QUrl::toPercentEncoding(
                           QDateTime::currentDateTimeUtc().addSecs(-3600).toString(Qt::ISODate)))
                     .size(),
                 all.size());
        QCOMPARE(client().get("/audit", m_boss).json().value(u"items").toArray().size(),
                 qMin<qsizetype>(50, all.size()));
    }

    void auditRefusesBadParameters_data()
    {
        QTest::addColumn<QByteArray>("query");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("field");
        QTest::newRow("event_id") << QByteArray("event_id=nope") << 422 << "event_id";
        QTest::newRow("since, no offset")
            << QByteArray("since=2026-01-01T00:00:00") << 422 << "since";
        QTest::newRow("since, words") << QByteArray("since=yesterday") << 422 << "since";
        QTest::newRow("before, negative") << QByteArray("before=-1") << 422 << "before";
        QTest::newRow("before, text") << QByteArray("before=abc") << 422 << "before";
        QTest::newRow("limit, zero") << QByteArray("limit=0") << 422 << "limit";
        QTest::newRow("limit, too big") << QByteArray("limit=201") << 422 << "limit";
        QTest::newRow("unknown") << QByteArray("actor=boss") << 400 << "actor";
        QTest::newRow("twice") << QByteArray("limit=2&limit=3") << 400 << "limit";
    }
    void auditRefusesBadParameters()
    {
        QFETCH(QByteArray, query);
        QFETCH(int, status);
        QFETCH(QString, field);
        const HttpResponse answer = client().get("/audit?" + query, m_boss);
        QCOMPARE(answer.status, status);
        QCOMPARE(answer.json().value(u"field").toString(), field);
        QCOMPARE(answer.header("content-type"), QByteArray("application/problem+json"));
    }

    void requestsInFlightWhileDisabled()
    {
        const QString secret = QStringLiteral("rush's long secret");
        const qint64 id = made(QStringLiteral("rush"), QStringLiteral("manager"), secret);
        QVERIFY(id > 0);
        const QByteArray token = tokenOf(QStringLiteral("rush"), secret);
        QVERIFY(!token.isEmpty());
        for (int round = 0; round < 3; ++round) {
            // 40 requests on both servers with the PATCH among them: each is answered 200 or
            // 401, never anything else.
            QList<HttpRequest> requests;
            for (int i = 0; i < 40; ++i)
                requests.append(
                    HttpClient::request("GET", i % 2 ? "/staff" : "/audit?limit=5", {}, token));
            requests.insert(20,
                            HttpClient::request("PATCH",
                                                "/staff/" + QByteArray::number(id),
                                                R"({"disabled":true})",
                                                m_boss));
            const QList<HttpResponse> answers = client().concurrently(requests);
            QCOMPARE(answers[20].status, 200);
            for (int i = 0; i < answers.size(); ++i) {
                if (i != 20)
                    QVERIFY2(answers[i].status == 200 || answers[i].status == 401,
                             answers[i].body.constData());
            }
            // The PATCH has answered: from now on not one request gets in, on either server.
            QList<HttpRequest> late;
            for (int i = 0; i < 40; ++i)
                late.append(HttpClient::request("GET", "/staff", {}, token));
            for (const HttpResponse &answer : client().concurrently(late))
                QCOMPARE(answer.status, 401);
            for (const HttpResponse &answer : m_other->client().concurrently(late))
                QCOMPARE(answer.status, 401);
            QCOMPARE(patch(id, {{QStringLiteral("disabled"), false}}, m_boss).status, 200);
            QCOMPARE(m_other->client().get("/staff", token).status, 200);
        }
    }

    void twoManagersChangeOneAccount()
    {
        const qint64 id = made(QStringLiteral("contested"),
                               QStringLiteral("clerk"),
                               QStringLiteral("contested long secret"));
        QVERIFY(id > 0);
        const QByteArray other = testToken(QStringLiteral("boss2"), QStringLiteral("manager"));
        const QStringList roles{QStringLiteral("door"), QStringLiteral("manager")};
        for (int round = 0; round < 5; ++round) {
            QList<HttpRequest> requests;
            requests.append(HttpClient::request("PATCH",
                                                "/staff/" + QByteArray::number(id),
                                                json({{QStringLiteral("role"), roles[0]},
                                                      {QStringLiteral("disabled"), round % 2 == 0}}),
                                                m_boss));
            requests.append(HttpClient::request("PATCH",
                                                "/staff/" + QByteArray::number(id),
                                                json({{QStringLiteral("role"), roles[1]}}),
                                                other));
            // Both at once: the row lock decides the order.
            const QList<HttpResponse> answers = client().concurrently(requests);
            QCOMPARE(answers[0].status, 200);
            QCOMPARE(answers[1].status, 200);
            // Each answer is the account as its own change left it.
            QCOMPARE(answers[0].json().value(u"role").toString(), roles[0]);
            QCOMPARE(answers[1].json().value(u"role").toString(), roles[1]);
            // The audit lines of the account chain: each `before` is what the one before left.
            QJsonArray lines;
            for (const QJsonValue &line : audit("?limit=200")) {
                if (line[u"subject"].toString() == QString::number(id)
                    && line[u"action"].toString() == u"staff.update")
                    lines.prepend(line); // oldest first
            }
            QString role = QStringLiteral("clerk");
            for (const QJsonValue &line : lines) {
                if (line[u"before"].toObject().contains(u"role")) {
                    QCOMPARE(line[u"before"][u"role"].toString(), role);
                    role = line[u"after"][u"role"].toString();
                }
            }
            // And the account is as the later line says.
            QCOMPARE(listed(QStringLiteral("contested")).value(u"role").toString(), role);
        }
    }

    void auditFailureUndoesTheChange()
    {
        // The audit line is written in the change's transaction: when it cannot be written,
        // the change is not made either (a trigger refuses the line, as a full disk would).
        const qint64 id = made(QStringLiteral("atomic"),
                               QStringLiteral("clerk"),
                               QStringLiteral("atomic's long secret"));
        QVERIFY(id > 0);
        const auto sql = [this](const std::string &statement) {
            pqxx::connection connection{m_server->databaseUrl()};
            pqxx::nontransaction(connection).exec(statement);
        };
        sql("CREATE FUNCTION refuse_staff_audit() RETURNS trigger LANGUAGE plpgsql AS $$"
            " BEGIN RAISE EXCEPTION 'audit refused'; END $$");
        sql("CREATE TRIGGER refuse_staff_audit BEFORE INSERT ON audit FOR EACH ROW"
            " WHEN (NEW.action LIKE 'staff.%') EXECUTE FUNCTION refuse_staff_audit()");
        const HttpResponse created = create(QStringLiteral("halfmade"),
                                            QStringLiteral("clerk"),
                                            QStringLiteral("halfmade's long secret"),
                                            m_boss);
        const HttpResponse changed = patch(id,
                                           {{QStringLiteral("disabled"), true},
                                            {QStringLiteral("role"), QStringLiteral("manager")}},
                                           m_boss);
        sql("DROP TRIGGER refuse_staff_audit ON audit");
        sql("DROP FUNCTION refuse_staff_audit()");
        for (const HttpResponse &answer : {created, changed}) {
            QCOMPARE(answer.status, 503);
            QCOMPARE(answer.code(), QStringLiteral("unavailable"));
        }
        QVERIFY(listed(QStringLiteral("halfmade")).isEmpty());
        const QJsonObject atomic = listed(QStringLiteral("atomic"));
        QCOMPARE(atomic.value(u"disabled").toBool(true), false);
        QCOMPARE(atomic.value(u"role").toString(), QStringLiteral("clerk"));
        // And the name is free: nothing of the first try is left.
        QCOMPARE(create(QStringLiteral("halfmade"),
                        QStringLiteral("clerk"),
                        QStringLiteral("halfmade's long secret"),
                        m_boss)
                     .status,
                 201);
    }

    void databaseGoneIsUnavailable()
    {
        const QString secret = QStringLiteral("fault's long secret");
        const qint64 id = made(QStringLiteral("fault"), QStringLiteral("manager"), secret);
        QVERIFY(id > 0);
        const QByteArray token = tokenOf(QStringLiteral("fault"), secret);
        QVERIFY(!token.isEmpty());
        pqxx::connection admin{adminUrl()};
        const std::string name = pqxx::connection{m_server->databaseUrl()}.dbname();
        const auto allow = [&](bool yes) {
            pqxx::nontransaction work{admin};
            work.exec("ALTER DATABASE " + work.quote_name(name) + " ALLOW_CONNECTIONS "
                      + (yes ? "true" : "false"));
            if (!yes)
                work.exec_params("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                                 " WHERE datname = $1",
                                 name);
        };
        allow(false);
        const HttpResponse created = create(QStringLiteral("ghost"),
                                            QStringLiteral("clerk"),
                                            QStringLiteral("ghost's long secret"),
                                            m_boss);
        const HttpResponse listedByStaff = client().get("/staff", token);
        const HttpResponse changed = patch(id, {{QStringLiteral("disabled"), true}}, m_boss);
        const HttpResponse signIn = login(QStringLiteral("fault"), secret);
        allow(true);
        for (const HttpResponse &answer : {created, listedByStaff, changed, signIn}) {
            QCOMPARE(answer.status, 503);
            QCOMPARE(answer.code(), QStringLiteral("unavailable"));
            QCOMPARE(answer.header("content-type"), QByteArray("application/problem+json"));
        }
        // Nothing half done: no account, no audit line, the account as it was.
        HttpResponse back;
        for (int i = 0; i < 50 && back.status != 200; ++i) {
            back = client().get("/staff", token);
            if (back.status != 200)
                QTest::qWait(100);
        }
        QCOMPARE(back.status, 200);
        QVERIFY(!back.body.contains("\"ghost\""));
        QCOMPARE(listed(QStringLiteral("fault")).value(u"disabled").toBool(true), false);
        for (const QJsonValue &line : audit("?limit=200"))
            QVERIFY(line[u"after"][u"username"].toString() != u"ghost"
                    && !(line[u"subject"].toString() == QString::number(id)
                         && line[u"action"].toString() == u"staff.update"));
        QCOMPARE(login(QStringLiteral("fault"), secret).status, 200);
    }
};

QTEST_GUILESS_MAIN(TestStaff)
#include "tst_staff.moc"
