// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sandboxrecords.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QSet>
#include <QString>

#include <memory>

namespace boxoffice::sandbox {

class StateDatabase;

/// All sandbox state, held in memory and optionally kept in a state database (StateDatabase):
/// save() writes the records changed since the last save in one synced transaction.
class SandboxStore
{
public:
    explicit SandboxStore(QString stateFile = {});
    ~SandboxStore();

    /// Opens the state file (creating it; an old JSON state file is migrated first) and loads
    /// it; false (with `error`) when it cannot be used.
    bool open(QString *error);
    /// Writes every record changed since the last save, all or nothing (no-op without a state
    /// file; only marked due while saves are deferred). A write that fails ends the process, so
    /// no change it did not keep is ever acknowledged; a restart resumes from the last one kept.
    void save() const;
    /// While one lives, save() only marks the state due; the last one to go writes it once.
    /// An idempotent request's effect and its key are then on disk together or not at all (a
    /// crash between two writes left a refund without its key: the retry was a new refund).
    class DeferSaves
    {
    public:
        explicit DeferSaves(const SandboxStore &store);
        ~DeferSaves();
        DeferSaves(const DeferSaves &) = delete;
        DeferSaves &operator=(const DeferSaves &) = delete;

    private:
        const SandboxStore &m_store;
    };

    /// A fresh random id such as "pi_3f…".
    static QString newId(const QString &prefix);

    // The non-const lookups mark the record changed (the next save() writes it): use them only
    // to change a record, the find…() ones to read it.
    IntentRecord *intent(const QString &id);
    const IntentRecord *findIntent(const QString &id) const;
    IntentRecord &addIntent(IntentRecord intent);
    const QHash<QString, IntentRecord> &intents() const { return m_intents; }

    RefundRecord *refund(const QString &id);
    const RefundRecord *findRefund(const QString &id) const;
    RefundRecord &addRefund(RefundRecord refund);

    const IdempotencyRecord *idempotency(const QString &scopedKey) const;
    void putIdempotency(const QString &scopedKey, IdempotencyRecord record);

    EventRecord *event(const QString &id);
    const EventRecord *findEvent(const QString &id) const;
    EventRecord &addEvent(const QString &type, const QJsonObject &data);
    const QList<EventRecord> &events() const { return m_events; }

    static QJsonObject intentJson(const IntentRecord &intent);
    static QJsonObject refundJson(const RefundRecord &refund);
    static QJsonObject eventJson(const EventRecord &event);

private:
    void appendEvent(EventRecord event);

    QString m_stateFile;
    std::unique_ptr<StateDatabase> m_database;
    QHash<QString, IntentRecord> m_intents;
    QHash<QString, RefundRecord> m_refunds;
    QHash<QString, IdempotencyRecord> m_idempotency;
    QList<EventRecord> m_events;            // creation order
    QHash<QString, qsizetype> m_eventIndex; // id -> position in m_events
    // Changed since the last save (keys, event positions).
    mutable QSet<QString> m_changedIntents;
    mutable QSet<QString> m_changedRefunds;
    mutable QSet<QString> m_changedKeys;
    mutable QSet<qsizetype> m_changedEvents;
    mutable int m_deferring = 0;
    mutable bool m_saveDue = false;
};

} // namespace boxoffice::sandbox
