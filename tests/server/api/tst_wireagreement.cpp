// SPDX-License-Identifier: GPL-3.0-or-later
#include "api/catalogcodec.h"
#include "api/holdcodec.h"
#include "api/ordercodec.h"
#include "api/orderreader.h"

#include <core/protocol/event.h>
#include <core/protocol/hold.h>
#include <core/protocol/order.h>

#include "wiresamples.h"

#include <QJsonArray>
#include <QTest>

using namespace boxoffice;
using namespace wiresamples;

namespace {

QByteArray text(const QJsonObject &json)
{
    return QJsonDocument(json).toJson(QJsonDocument::Compact);
}

/// Every member path of `json` ("payment.intent_id", "tickets[1].seat_id"), containers too.
QStringList memberPaths(const QJsonObject &json, const QString &prefix = {})
{
    QStringList out;
    for (auto it = json.begin(); it != json.end(); ++it) {
        const QString path = prefix.isEmpty() ? it.key() : prefix + u'.' + it.key();
        out.append(path);
        if (it->isObject())
            out += memberPaths(it->toObject(), path);
        if (it->isArray())
            for (qsizetype i = 0; i < it->toArray().size(); ++i) {
                const QString item = path + u'[' + QString::number(i) + u']';
                out.append(item);
                out += memberPaths(it->toArray().at(i).toObject(), item);
            }
    }
    return out;
}

/// A value of another JSON type than `value`: what no reader of `value`'s member accepts.
QJsonValue wrongType(const QJsonValue &value)
{
    return value.isObject() ? QJsonValue(QJsonArray{1}) : QJsonValue(QJsonObject{{"x", 1}});
}

/// Every member the server writes in `answer` is one the apps' parse reads: given a value of
/// another type there, `fromJson` refuses it and names that member.
template<typename T>
void clientReadsEveryMember(const QJsonObject &answer)
{
    for (const QString &path : memberPaths(answer)) {
        QJsonValue value = answer;
        for (const QString &step : path.split(u'.')) {
            const qsizetype bracket = step.indexOf(u'[');
            value = value.toObject().value(bracket < 0 ? step : step.left(bracket));
            if (bracket >= 0)
                value = value.toArray().at(step.mid(bracket + 1).chopped(1).toInt());
        }
        const protocol::Parsed<T> parsed = T::fromJson(with(answer, path, wrongType(value)));
        QVERIFY2(!parsed, qPrintable(u"`" + path + u"` is not read by the client's parse"));
        QCOMPARE(parsed.field(), u"$." + path);
    }
}

} // namespace

// The server's answers are the wire types' toJson, and the apps read them back with the same
// types' fromJson: a member added to a wire type is in both, and none is left unread.
class TestWireAgreement : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void holdAnswer()
    {
        const auto wire = protocol::Hold::fromJson(parse(kHold));
        QVERIFY2(wire, qPrintable(wire.error()));
        server::domain::Hold hold;
        static_cast<protocol::Hold &>(hold) = *wire;
        hold.owner = QStringLiteral("fan-1"); // the server's own: never on the wire
        hold.remainingMs = 1234;
        const QJsonObject answer = server::api::holdJson(hold);
        QCOMPARE(text(answer), text(parse(kHold)));
        QCOMPARE(text(server::api::holdJson(server::api::holdFromJson(answer))), text(answer));
        clientReadsEveryMember<protocol::Hold>(answer);
    }

    void orderAnswer()
    {
        // Every member of the sample is set: one the server's mapping left out would be missing
        // from its answer, or from the order a replay reads back.
        const auto wire = protocol::Order::fromJson(parse(kOrder));
        QVERIFY2(wire, qPrintable(wire.error()));
        const server::domain::Order order = server::api::orderFromWire(*wire);
        const QJsonObject answer = server::api::orderJson(order);
        QCOMPARE(text(answer), text(parse(kOrder)));
        QCOMPARE(text(server::api::orderJson(server::api::orderFromJson(answer))), text(answer));
        const auto read = protocol::Order::fromJson(answer);
        QVERIFY2(read, qPrintable(read.error()));
        QCOMPARE(text(read->toJson()), text(answer));
        clientReadsEveryMember<protocol::Order>(answer);
    }

    void ticketAnswer()
    {
        const auto wire = protocol::Ticket::fromJson(parse(kTicket));
        QVERIFY2(wire, qPrintable(wire.error()));
        const QJsonObject answer = server::api::ticketJson(*wire);
        QCOMPARE(text(answer), text(parse(kTicket)));
        QCOMPARE(text(server::api::ticketJson(server::api::ticketFromJson(answer))), text(answer));
        clientReadsEveryMember<protocol::Ticket>(answer);
    }

    void eventAnswer()
    {
        // The database's document (every member the catalogue's SQL builds) comes out as it went in.
        const QByteArray document = text(parse(kEvent));
        const QJsonObject answer = server::api::eventAnswer(document);
        QCOMPARE(text(answer), document);
        clientReadsEveryMember<protocol::Event>(answer);
        // A search's item: the same without categories and limits.
        QJsonObject listed = parse(kEvent);
        listed.remove(u"categories");
        listed.remove(u"limits");
        QCOMPARE(text(server::api::eventAnswer(document, true)), text(listed));
    }

    // A replayed answer the store cannot read back is refused (503), never half a value.
    void unreadableStoredAnswerIsRefused()
    {
        QJsonObject broken = parse(kOrder);
        broken.insert(u"amount_cents", QStringLiteral("lots"));
        try {
            server::api::orderFromJson(broken);
            QFAIL("read a broken order");
        } catch (const server::domain::Error &error) {
            QCOMPARE(error.code(), server::domain::ErrorCode::Unavailable);
            QVERIFY2(error.detail().contains(u"$.amount_cents"), qPrintable(error.detail()));
        }
    }
};

QTEST_GUILESS_MAIN(TestWireAgreement)
#include "tst_wireagreement.moc"
