// SPDX-License-Identifier: GPL-3.0-or-later
// Ids at the edge: every spelling PostgreSQL reads as one uuid becomes one text (issue 15,
// defect 1), and what is not a uuid is left for the caller to refuse.
#include "domain/ids.h"

#include <QTest>

using namespace boxoffice::server::domain;

class TestIds : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void canonicalIdOfEverySpelling_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("canonical");
        const QString id = QStringLiteral("5c2b2f9e-1d5e-4f6b-9b6e-2b8e7c1d0a11");
        QTest::newRow("canonical") << id << id;
        QTest::newRow("upper case") << id.toUpper() << id;
        QTest::newRow("braces") << QStringLiteral("{%1}").arg(id) << id;
        QTest::newRow("no hyphens") << QString(id).remove(u'-') << id;
        QTest::newRow("hyphens every four")
            << QStringLiteral("5c2b-2f9e-1d5e-4f6b-9b6e-2b8e-7c1d-0a11") << id;
        QTest::newRow("not hex") << QStringLiteral("5c2b2f9e-1d5e-4f6b-9b6e-2b8e7c1d0a1z")
                                 << QStringLiteral("5c2b2f9e-1d5e-4f6b-9b6e-2b8e7c1d0a1z");
        QTest::newRow("double hyphen") << QStringLiteral("5c2b2f9e--1d5e4f6b9b6e2b8e7c1d0a11")
                                       << QStringLiteral("5c2b2f9e--1d5e4f6b9b6e2b8e7c1d0a11");
        QTest::newRow("one brace")
            << QStringLiteral("{%1").arg(id) << QStringLiteral("{%1").arg(id);
        QTest::newRow("short") << QStringLiteral("abc") << QStringLiteral("abc");
    }
    void canonicalIdOfEverySpelling()
    {
        QFETCH(QString, text);
        QFETCH(QString, canonical);
        QCOMPARE(canonicalId(text), canonical);
    }

    void uuidOrEmptyTakesOnlyTheHyphenatedForm()
    {
        const QString id = QStringLiteral("5c2b2f9e-1d5e-4f6b-9b6e-2b8e7c1d0a11");
        QCOMPARE(uuidOrEmpty(id), id);
        QCOMPARE(uuidOrEmpty(id.toUpper()), id);
        QCOMPARE(uuidOrEmpty(QString(id).remove(u'-')), QString());
        QCOMPARE(uuidOrEmpty(QStringLiteral("5c2b2f9e-1d5e-4f6b-9b6e-2b8e7c1d0a1z")), QString());
        QCOMPARE(uuidOrEmpty(QString()), QString());
        QVERIFY(isUuid(id) && isUuid(id.toUpper()) && !isUuid(QString(id).remove(u'-')));
    }
};

QTEST_GUILESS_MAIN(TestIds)
#include "tst_ids.moc"
