// SPDX-License-Identifier: GPL-3.0-or-later
#include "auth/passwordhasher.h"

#include <QTest>

using boxoffice::server::auth::PasswordHasher;

class TestPasswordHasher : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void verifiesOnlyTheRightPassword()
    {
        const QByteArray hash = PasswordHasher::hash("correct horse");
        QVERIFY(hash.startsWith("scrypt$"));
        QVERIFY(PasswordHasher::verify("correct horse", hash));
        QVERIFY(!PasswordHasher::verify("correct horsf", hash));
        QVERIFY(!PasswordHasher::verify("", hash));
    }

    void saltsDiffer() { QVERIFY(PasswordHasher::hash("same") != PasswordHasher::hash("same")); }

    void malformedHashesNeverVerify_data()
    {
        QTest::addColumn<QByteArray>("encoded");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("other scheme") << QByteArray("bcrypt$x");
        QTest::newRow("short") << QByteArray("scrypt$16384$8$1$abc");
        QTest::newRow("huge N") << QByteArray("scrypt$1099511627776$8$1$c2FsdA==$aGFzaA==");
        QTest::newRow("zero p") << QByteArray("scrypt$16384$8$0$c2FsdA==$aGFzaA==");
        QTest::newRow("not numbers") << QByteArray("scrypt$a$b$c$d$e");
    }
    void malformedHashesNeverVerify()
    {
        QFETCH(QByteArray, encoded);
        QVERIFY(!PasswordHasher::verify("anything", encoded));
    }
};

QTEST_GUILESS_MAIN(TestPasswordHasher)
#include "tst_passwordhasher.moc"
