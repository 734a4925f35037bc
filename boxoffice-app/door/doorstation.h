// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "doorjournal.h"

#include <client/salesclient.h>
#include <client/ticketverifier.h>

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <memory>

namespace boxoffice::app {

/// What the door shows for one scan.
struct DoorVerdict
{
    QString result; ///< valid|already_used|void|wrong_event|unknown
    QString seat;   ///< "S1 · row 3 · seat 7", or the GA zone
    QString category;
    QString firstUsedAt; ///< RFC 3339, when already used
    QString firstGate;
    QString direction;
    bool offline = false; ///< decided here, without the server
    qint64 elapsedUs = 0; ///< from the scan to the verdict
};

/// A door scanner's brain: online it asks the server (POST /tickets/scan, the server decides);
/// when the server is out of reach it checks signatures and the revocation list itself, keeps
/// every scan in its journal, and syncs them (POST /tickets/scans) once the server is back,
/// reporting tickets another gate had let in as double entries.
class DoorStation : public QObject
{
    Q_OBJECT
public:
    DoorStation(const QString &journalPath, QObject *parent = nullptr);

    client::SalesClient &client() { return m_client; }
    /// The event this door admits to, the gate's name and this device's id.
    void start(const QString &eventId, const QString &gate, const QString &deviceId);
    QString eventId() const { return m_eventId; }
    /// "Title · start at the venue · venue" (from the server, or the journal offline); empty
    /// until known.
    QString eventLabel() const { return m_eventLabel; }
    void setDirection(const QString &direction) { m_direction = direction; }
    QString direction() const { return m_direction; }
    bool isOnline() const { return m_online; }
    /// Whether the event's public keys are at hand (offline checks need them).
    bool hasKeys() const { return !m_verifier.keys().isEmpty(); }
    /// When the revocation list was last brought up to date (invalid: never).
    QDateTime listFetchedAt() const;
    int pendingSync() const { return m_journal.unsyncedCount(); }
    /// This door's id as the server sees it (kept in its journal).
    QString deviceId(const QString &prefix) { return m_journal.deviceId(prefix); }

    /// Scans `code`; verdict() follows (at once when offline).
    void scan(const QString &code);
    /// Fetches keys and revocations and syncs the journal now (also done on a timer).
    void refresh();

Q_SIGNALS:
    void verdict(const boxoffice::app::DoorVerdict &verdict);
    void modeChanged(bool online);
    void listUpdated();
    void eventLabelChanged();
    /// After a sync: tickets this door let in offline that were in already ("seat, gate").
    void doubleEntries(const QStringList &which);
    void synced(int count);

private:
    void decideOffline(const QString &code, const QString &scannedAt, qint64 startedUs);
    void setOnline(bool online);
    /// True for an answer to use (the door is online then); an unreachable server puts the door
    /// offline, a refusal leaves it as it is.
    bool usable(const client::ApiResult &r);
    void fetchKeys();
    void fetchEvent();
    void fetchRevocations();
    void sync();
    static DoorVerdict fromAnswer(const QJsonObject &answer);

    client::SalesClient m_client;
    DoorJournal m_journal;
    QString m_eventLabel;
    client::TicketVerifier m_verifier;
    QTimer m_refresh;
    QElapsedTimer m_clock;
    QString m_eventId;
    QString m_gate;
    QString m_deviceId;
    QString m_direction = QStringLiteral("in");
    bool m_online = true;
    bool m_syncing = false;
};

} // namespace boxoffice::app
