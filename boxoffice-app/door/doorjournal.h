// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QHash>
#include <QList>
#include <QSqlDatabase>
#include <QString>

namespace boxoffice::app {

/// A scan as the door journal keeps it.
struct DoorScan
{
    qint64 id = 0;
    QString eventId;
    QString code;
    QString ticketId;
    QString gate;
    QString direction; ///< in|out
    QString scannedAt; ///< RFC 3339 UTC
    QString deviceId;
    QString localResult; ///< what the door showed (decided offline, or the server's answer)
    bool synced = false; ///< the server has this scan
};

/// The door's own SQLite file (next to the counter's journal): the event's keys and revocation
/// list for offline checks, and every scan, so that offline scans reach the server later.
/// Synchronous and small: a scan must be decided in milliseconds.
class DoorJournal
{
public:
    explicit DoorJournal(const QString &path);
    ~DoorJournal();
    bool isOpen() const { return m_open; }
    /// This journal's device id, made once (`prefix`-random): every journal is its own scanner.
    QString deviceId(const QString &prefix);

    void saveKeys(const QString &eventId, const QHash<QString, QByteArray> &keys);
    /// What the door shows of the event (title, start, venue), kept for a start offline.
    void saveEventLabel(const QString &eventId, const QString &label);
    QString eventLabel(const QString &eventId) const;
    QHash<QString, QByteArray> keys(const QString &eventId) const;
    /// Adds revocations (codes of `ticketId` up to `version` are void) and the new cursor.
    void addRevocations(const QString &eventId,
                        const QList<QPair<QString, int>> &revoked,
                        const QString &cursor);
    QString revocationCursor(const QString &eventId) const;
    /// When the list was last brought up to date (invalid: never).
    QDateTime revocationsFetchedAt(const QString &eventId) const;
    /// The highest revoked version of the ticket (0: not revoked).
    int revokedVersion(const QString &eventId, const QString &ticketId) const;

    qint64 record(const DoorScan &scan);
    /// When this door admitted the ticket (its first valid entry), empty when it did not.
    QString admittedAt(const QString &eventId, const QString &ticketId, QString *gate) const;
    QList<DoorScan> unsynced(int limit) const;
    /// The server's answer to one journaled scan.
    struct Synced
    {
        qint64 id = 0;
        QString serverResult;
        bool doubleEntry = false;
    };
    /// Marks a synced batch in one transaction (one fsync, not one per scan).
    void markSynced(const QList<Synced> &batch);
    int unsyncedCount() const;

private:
    QString m_connection;
    bool m_open = false;
};

} // namespace boxoffice::app
