// SPDX-License-Identifier: GPL-3.0-or-later
// GET /events over the search projection: accents, typos, city, category, dates, distance,
// keyset pages, bad parameters, and the projection catching up after a burst.

#include "realtimefixture.h"
#include "testenv.h"

#include <QSet>
#include <QUrlQuery>

using namespace boxoffice::test;

class TestSearch : public QObject
{
    Q_OBJECT

    std::unique_ptr<ServerProcess> m_server;
    QByteArray m_manager;
    QHash<QString, QString> m_ids; // title -> id

    void venue(const QString &id, const QString &name, const QString &city, double lat, double lng)
    {
        QJsonObject document = QJsonDocument::fromJson(venueJson(id, 1, 2, 5, 0)).object();
        document.insert(QStringLiteral("name"), name);
        document.insert(QStringLiteral("city"), city);
        document.insert(QStringLiteral("lat"), lat);
        document.insert(QStringLiteral("lng"), lng);
        const auto response = m_server->client().postRaw("/venues",
                                                         QJsonDocument(document).toJson(
                                                             QJsonDocument::Compact),
                                                         m_manager);
        QVERIFY2(response.status == 201, response.body.constData());
    }

    QString event(const QString &venueId,
                  const QString &title,
                  const QStringList &artists,
                  const QString &category,
                  const QString &startsAt)
    {
        QJsonObject body = eventJson(venueId);
        body.insert(QStringLiteral("title"), title);
        body.insert(QStringLiteral("artists"), QJsonArray::fromStringList(artists));
        body.insert(QStringLiteral("category"), category);
        body.insert(QStringLiteral("starts_at"), startsAt);
        const auto response = m_server->client().post("/events", body, m_manager);
        if (response.status != 201)
            qWarning("event: %s", response.body.constData());
        return response.json().value(u"id").toString();
    }

    QJsonObject search(const QList<QPair<QString, QString>> &params, int expectStatus = 200)
    {
        QUrlQuery query;
        for (const auto &[key, value] : params)
            query.addQueryItem(key, QString::fromUtf8(QUrl::toPercentEncoding(value)));
        const auto response = m_server->client().get("/events?"
                                                     + query.toString(QUrl::FullyEncoded).toUtf8());
        if (response.status != expectStatus)
            qWarning("search: %d %s", response.status, response.body.constData());
        return response.status == expectStatus ? response.json() : QJsonObject{};
    }

    QSet<QString> titles(const QJsonObject &page)
    {
        QSet<QString> out;
        for (const auto &item : page.value(u"items").toArray())
            out.insert(item[u"title"].toString());
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        m_server = std::make_unique<ServerProcess>(url);
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
        m_manager = testToken(QStringLiteral("manager-search"), QStringLiteral("manager"));
        venue(QStringLiteral("harpa"),
              QStringLiteral("Harpa"),
              QStringLiteral("Reykjavík"),
              64.150,
              -21.932);
        venue(QStringLiteral("bercy"),
              QStringLiteral("Accor Arena"),
              QStringLiteral("Paris"),
              48.838,
              2.378);
        venue(QStringLiteral("garnier"),
              QStringLiteral("Palais Garnier"),
              QStringLiteral("Paris"),
              48.872,
              2.331);
        venue(QStringLiteral("tempo"),
              QStringLiteral("Tempodrom"),
              QStringLiteral("Berlin"),
              52.500,
              13.380);
        m_ids.insert(QStringLiteral("Cornucopia"),
                     event(QStringLiteral("harpa"),
                           QStringLiteral("Cornucopia"),
                           {QStringLiteral("Björk")},
                           QStringLiteral("concert"),
                           QStringLiteral("2030-03-01T20:00:00Z")));
        m_ids.insert(QStringLiteral("Renaissance"),
                     event(QStringLiteral("bercy"),
                           QStringLiteral("Renaissance"),
                           {QStringLiteral("Beyoncé")},
                           QStringLiteral("concert"),
                           QStringLiteral("2030-04-01T20:00:00Z")));
        m_ids.insert(QStringLiteral("Le Lac des cygnes"),
                     event(QStringLiteral("garnier"),
                           QStringLiteral("Le Lac des cygnes"),
                           {QStringLiteral("Ballet de l'Opéra")},
                           QStringLiteral("ballet"),
                           QStringLiteral("2030-05-01T19:30:00Z")));
        m_ids.insert(QStringLiteral("Comedy Night"),
                     event(QStringLiteral("tempo"),
                           QStringLiteral("Comedy Night"),
                           {QStringLiteral("Jürgen Müller")},
                           QStringLiteral("comedy"),
                           QStringLiteral("2030-06-01T20:00:00Z")));
        for (const QString &id : m_ids)
            QVERIFY(!id.isEmpty());
        // The projection is fed asynchronously: wait until all four are searchable.
        QVERIFY(waitUntil([&] { return search({}).value(u"items").toArray().size() == 4; }));
    }

    void text_data()
    {
        QTest::addColumn<QString>("q");
        QTest::addColumn<QString>("expected");
        QTest::newRow("accent-free artist") << "bjork"
                                            << "Cornucopia";
        QTest::newRow("upper case accents") << "BJÖRK"
                                            << "Cornucopia";
        QTest::newRow("typo") << "Beyonse"
                              << "Renaissance";
        QTest::newRow("city without accent") << "reykjavik"
                                             << "Cornucopia";
        QTest::newRow("venue") << "garnier"
                               << "Le Lac des cygnes";
        QTest::newRow("title words") << "lac cygnes"
                                     << "Le Lac des cygnes";
        QTest::newRow("artist umlaut") << "jurgen muller"
                                       << "Comedy Night";
    }

    void text()
    {
        QFETCH(QString, q);
        QFETCH(QString, expected);
        const QJsonObject page = search({{QStringLiteral("q"), q}});
        QCOMPARE(titles(page), QSet<QString>{expected});
        const QJsonObject item = page.value(u"items").toArray().first().toObject();
        QCOMPARE(item.value(u"id").toString(), m_ids.value(expected));
        QCOMPARE(item.value(u"availability").toString(), QStringLiteral("available"));
        QVERIFY(item.value(u"venue")[u"city"].isString());
        QVERIFY(item.value(u"artists").toArray().size() == 1);
        QVERIFY(item.value(u"min_price_cents").toInt() > 0);
    }

    void nothingMatches()
    {
        QCOMPARE(search({{QStringLiteral("q"), QStringLiteral("zzqx wvvk")}})
                     .value(u"items")
                     .toArray()
                     .size(),
                 0);
    }

    void filters()
    {
        QCOMPARE(titles(search({{QStringLiteral("category"), QStringLiteral("ballet")}})),
                 QSet<QString>{QStringLiteral("Le Lac des cygnes")});
        QCOMPARE(titles(search({{QStringLiteral("near"), QStringLiteral("48.8566,2.3522")},
                                {QStringLiteral("radius_km"), QStringLiteral("20")}})),
                 (QSet<QString>{QStringLiteral("Renaissance"),
                                QStringLiteral("Le Lac des cygnes")}));
        QCOMPARE(titles(search({{QStringLiteral("near"), QStringLiteral("48.8566,2.3522")},
                                {QStringLiteral("radius_km"), QStringLiteral("1000")}})),
                 (QSet<QString>{QStringLiteral("Renaissance"),
                                QStringLiteral("Le Lac des cygnes"),
                                QStringLiteral("Comedy Night")}));
        QCOMPARE(titles(search({{QStringLiteral("from"), QStringLiteral("2030-04-15T00:00:00Z")},
                                {QStringLiteral("to"), QStringLiteral("2030-06-30")}})),
                 (QSet<QString>{QStringLiteral("Le Lac des cygnes"),
                                QStringLiteral("Comedy Night")}));
        QCOMPARE(titles(search({{QStringLiteral("q"), QStringLiteral("paris")},
                                {QStringLiteral("category"), QStringLiteral("concert")}})),
                 QSet<QString>{QStringLiteral("Renaissance")});
    }

    void keysetPages()
    {
        QStringList seen;
        QString cursor;
        for (int page = 0; page < 10; ++page) {
            QList<QPair<QString, QString>> params{{QStringLiteral("limit"), QStringLiteral("1")}};
            if (!cursor.isEmpty())
                params.append({QStringLiteral("cursor"), cursor});
            const QJsonObject result = search(params);
            for (const auto &item : result.value(u"items").toArray())
                seen.append(item[u"title"].toString());
            if (result.value(u"next_cursor").isNull())
                break;
            cursor = result.value(u"next_cursor").toString();
        }
        QCOMPARE(seen,
                 (QStringList{QStringLiteral("Cornucopia"),
                              QStringLiteral("Renaissance"),
                              QStringLiteral("Le Lac des cygnes"),
                              QStringLiteral("Comedy Night")}));
    }

    void badParameters_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::newRow("near") << "near"
                              << "abc";
        QTest::newRow("near range") << "near"
                                    << "91,0";
        QTest::newRow("radius") << "radius_km"
                                << "-1";
        QTest::newRow("limit") << "limit"
                               << "1000";
        QTest::newRow("from") << "from"
                              << "yesterday";
        QTest::newRow("cursor") << "cursor"
                                << "not-a-cursor";
        QTest::newRow("unknown") << "sort"
                                 << "price";
    }

    void badParameters()
    {
        QFETCH(QString, key);
        QFETCH(QString, value);
        const QJsonObject problem = search({{key, value}}, 400);
        QCOMPARE(problem.value(u"code").toString(), QStringLiteral("bad_request"));
    }

    void projectionCatchesUpAfterBurst()
    {
        for (int i = 0; i < 25; ++i)
            QVERIFY(
                !event(QStringLiteral("tempo"),
                       QStringLiteral("Burst %1").arg(i),
                       {QStringLiteral("Zoë Ångström")},
                       QStringLiteral("festival"),
                       QStringLiteral("2031-01-%1T20:00:00Z").arg(i + 1, 2, 10, QLatin1Char('0')))
                     .isEmpty());
        QVERIFY(waitUntil([&] {
            return search({{QStringLiteral("q"), QStringLiteral("zoe angstrom")},
                           {QStringLiteral("limit"), QStringLiteral("100")}})
                       .value(u"items")
                       .toArray()
                       .size()
                   == 25;
        }));
        QVERIFY(waitUntil([&] {
            return metricValue(*m_server, QStringLiteral("boxoffice_projection_lag_seconds"))
                   == 0.0;
        }));
    }
};

QTEST_GUILESS_MAIN(TestSearch)
#include "tst_search.moc"
