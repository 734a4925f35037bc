// SPDX-License-Identifier: GPL-3.0-or-later
#include "doorstation.h"

#include "eventinfo.h"

#include <QJsonArray>

namespace boxoffice::app {

namespace {

constexpr int kRefreshMs = 3000; // offline: how soon the server is tried again
constexpr int kTimeoutMs = 1500; // a scan waits this long at most before deciding offline
constexpr int kSyncBatch = 500;  // the server decides a batch in a few statements (up to 1,000)

bool unreachable(const client::ApiResult &r)
{
    return r.status == 0 || r.status >= 500;
}

QString now()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
}

} // namespace

DoorStation::DoorStation(const QString &journalPath, QObject *parent)
    : QObject(parent)
    , m_journal(journalPath)
{
    m_client.setTransferTimeout(kTimeoutMs);
    m_clock.start();
    m_refresh.setInterval(kRefreshMs);
    connect(&m_refresh, &QTimer::timeout, this, &DoorStation::refresh);
}

void DoorStation::start(const QString &eventId, const QString &gate, const QString &deviceId)
{
    m_eventId = eventId;
    m_gate = gate;
    m_deviceId = deviceId;
    m_verifier.setKeys(m_journal.keys(eventId));
    m_eventLabel = m_journal.eventLabel(eventId);
    Q_EMIT eventLabelChanged();
    m_refresh.start();
    refresh();
}

QDateTime DoorStation::listFetchedAt() const
{
    return m_journal.revocationsFetchedAt(m_eventId);
}

void DoorStation::setOnline(bool online)
{
    if (online == m_online)
        return;
    m_online = online;
    Q_EMIT modeChanged(online);
}

bool DoorStation::usable(const client::ApiResult &r)
{
    if (unreachable(r)) {
        setOnline(false);
        return false;
    }
    if (!r.ok())
        return false;
    setOnline(true);
    return true;
}

void DoorStation::refresh()
{
    if (m_eventId.isEmpty())
        return;
    if (m_eventLabel.isEmpty())
        fetchEvent();
    fetchKeys();
    fetchRevocations();
    sync();
}

void DoorStation::fetchEvent()
{
    m_client.call("GET",
                  u"/events/" + m_eventId,
                  {},
                  {},
                  client::whileAlive(this, [this](const client::ApiResult &r) {
                      if (!r.ok())
                          return; // the keys' answer tells whether the door is offline
                      const EventInfo event = EventInfo::fromJson(r.body);
                      QStringList parts{event.title, event.startsAtText()};
                      if (!event.venueName.isEmpty())
                          parts.append(event.venueName);
                      m_eventLabel = parts.join(u" · ");
                      m_journal.saveEventLabel(m_eventId, m_eventLabel);
                      Q_EMIT eventLabelChanged();
                  }));
}

void DoorStation::fetchKeys()
{
    m_client.call("GET",
                  u"/events/" + m_eventId + u"/ticket-keys",
                  {},
                  {},
                  client::whileAlive(this, [this](const client::ApiResult &r) {
                      if (unreachable(r)) {
                          setOnline(false);
                          return;
                      }
                      if (r.ok() && m_verifier.setKeysFromJson(r.body) > 0)
                          m_journal.saveKeys(m_eventId, m_verifier.keys());
                  }));
}

void DoorStation::fetchRevocations()
{
    const QString cursor = m_journal.revocationCursor(m_eventId);
    m_client.call("GET",
                  u"/events/" + m_eventId + u"/ticket-revocations?since="
                      + QString::fromLatin1(QUrl::toPercentEncoding(cursor)),
                  {},
                  {},
                  client::whileAlive(this, [this](const client::ApiResult &r) {
                      if (!usable(r))
                          return;
                      QList<QPair<QString, int>> revoked;
                      for (const QJsonValue &v : r.body.value(u"revoked").toArray())
                          revoked.append({v[u"ticket_id"].toString(), v[u"version"].toInt()});
                      m_journal.addRevocations(m_eventId,
                                               revoked,
                                               r.body.value(u"cursor").toString());
                      Q_EMIT listUpdated();
                      if (r.body.value(u"more").toBool())
                          fetchRevocations();
                  }));
}

void DoorStation::scan(const QString &rawCode)
{
    const QString code = rawCode.trimmed();
    if (code.isEmpty())
        return;
    const qint64 started = m_clock.nsecsElapsed() / 1000;
    const QString scannedAt = now();
    if (!m_online) {
        decideOffline(code, scannedAt, started);
        return;
    }
    const QJsonObject body{{QStringLiteral("code"), code},
                           {QStringLiteral("event_id"), m_eventId},
                           {QStringLiteral("gate"), m_gate},
                           {QStringLiteral("direction"), m_direction},
                           {QStringLiteral("scanned_at"), scannedAt},
                           {QStringLiteral("device_id"), m_deviceId}};
    m_client.call("POST",
                  QStringLiteral("/tickets/scan"),
                  body,
                  {},
                  client::whileAlive(this,
                                     [this, code, scannedAt, started](const client::ApiResult &r) {
                                         if (unreachable(r)) {
                                             setOnline(false);
                                             decideOffline(code, scannedAt, started);
                                             return;
                                         }
                                         DoorVerdict v = fromAnswer(r.body);
                                         if (!r.ok())
                                             v.result = QStringLiteral("unknown");
                                         v.direction = m_direction;
                                         // Journaled as synced: offline, this door still knows whom it let in.
                                         const auto payload = core::TicketCode::parse(code);
                                         m_journal.record(DoorScan{0,
                                                                   m_eventId,
                                                                   code,
                                                                   payload
                                                                       ? payload->payload.ticketId
                                                                       : QString(),
                                                                   m_gate,
                                                                   m_direction,
                                                                   scannedAt,
                                                                   m_deviceId,
                                                                   v.result,
                                                                   true});
                                         v.elapsedUs = m_clock.nsecsElapsed() / 1000 - started;
                                         Q_EMIT verdict(v);
                                     }));
}

void DoorStation::decideOffline(const QString &code, const QString &scannedAt, qint64 started)
{
    DoorVerdict v;
    v.offline = true;
    v.direction = m_direction;
    const auto payload = m_verifier.verify(code);
    QString ticketId;
    if (!payload) {
        v.result = QStringLiteral("unknown");
    } else {
        ticketId = payload->ticketId;
        v.seat = payload->seatId.isEmpty() ? payload->gaId : payload->seatId;
        QString gate;
        const QString admitted = m_journal.admittedAt(m_eventId, ticketId, &gate);
        if (payload->eventId != m_eventId)
            v.result = QStringLiteral("wrong_event");
        else if (m_journal.revokedVersion(m_eventId, ticketId) >= payload->version)
            v.result = QStringLiteral("void");
        else if (m_direction == u"in" && !admitted.isEmpty()) {
            v.result = QStringLiteral("already_used");
            v.firstUsedAt = admitted;
            v.firstGate = gate;
        } else
            v.result = QStringLiteral("valid");
    }
    m_journal.record(DoorScan{
        0, m_eventId, code, ticketId, m_gate, m_direction, scannedAt, m_deviceId, v.result, false});
    v.elapsedUs = m_clock.nsecsElapsed() / 1000 - started;
    Q_EMIT verdict(v);
}

void DoorStation::sync()
{
    if (m_syncing)
        return;
    const QList<DoorScan> pending = m_journal.unsynced(kSyncBatch);
    if (pending.isEmpty())
        return;
    QJsonArray scans;
    for (const DoorScan &s : pending)
        scans.append(QJsonObject{{QStringLiteral("code"), s.code},
                                 {QStringLiteral("event_id"), s.eventId},
                                 {QStringLiteral("gate"), s.gate},
                                 {QStringLiteral("direction"), s.direction},
                                 {QStringLiteral("scanned_at"), s.scannedAt},
                                 {QStringLiteral("device_id"), s.deviceId},
                                 {QStringLiteral("admitted_offline"),
                                  s.localResult == u"valid" && s.direction == u"in"}});
    m_syncing = true;
    m_client.call("POST",
                  QStringLiteral("/tickets/scans"),
                  QJsonObject{{QStringLiteral("scans"), scans}},
                  {},
                  client::whileAlive(this, [this, pending](const client::ApiResult &r) {
                      m_syncing = false;
                      if (!usable(r))
                          return;
                      const QJsonArray results = r.body.value(u"results").toArray();
                      QStringList doubles;
                      QList<DoorJournal::Synced> done;
                      for (int i = 0; i < pending.size() && i < results.size(); ++i) {
                          const QJsonObject answer = results[i].toObject();
                          const bool twice = answer.value(u"double_entry").toBool();
                          done.append({pending[i].id, answer.value(u"result").toString(), twice});
                          if (twice) {
                              const DoorVerdict v = fromAnswer(answer);
                              doubles.append(
                                  tr("%1 (in at gate %2 first)").arg(v.seat, v.firstGate));
                          }
                      }
                      m_journal.markSynced(done);
                      Q_EMIT synced(int(pending.size()));
                      if (!doubles.isEmpty())
                          Q_EMIT doubleEntries(doubles);
                      if (pending.size() == kSyncBatch)
                          sync();
                  }));
}

DoorVerdict DoorStation::fromAnswer(const QJsonObject &answer)
{
    DoorVerdict v;
    v.result = answer.value(u"result").toString();
    const QJsonObject t = answer.value(u"ticket").toObject();
    if (!t.value(u"seat_id").isNull() && t.contains(u"seat_id"))
        v.seat = tr("%1 · row %2 · seat %3")
                     .arg(t.value(u"section").toString(),
                          t.value(u"row").toString(),
                          t.value(u"number").toString());
    else
        v.seat = t.value(u"category").toString(t.value(u"ga_id").toString());
    v.category = t.value(u"category").toString();
    v.firstUsedAt = answer.value(u"first_used_at").toString();
    v.firstGate = answer.value(u"first_used_gate").toString();
    return v;
}

} // namespace boxoffice::app
