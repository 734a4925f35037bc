// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace boxoffice::sandbox {

/// A payment intent held by the sandbox.
struct IntentRecord
{
    QString id;
    QString clientSecret;
    QString status; ///< requires_confirmation | processing | succeeded | failed
    qint64 amountCents = 0;
    qint64 amountRefundedCents = 0;
    QString currency;
    QString orderId;
    QJsonObject metadata;
    QString lastError;      ///< e.g. card_declined
    QString pendingOutcome; ///< while processing: the status it will reach (survives restarts)
    qint64 created = 0;
};

/// A refund (always succeeds at once in the sandbox).
struct RefundRecord
{
    QString id;
    QString intentId;
    qint64 amountCents = 0;
    QString currency;
    QString status;
    qint64 created = 0;
};

/// The first answer to an idempotent request, replayed for the same key and body.
struct IdempotencyRecord
{
    QByteArray requestHash;
    int status = 0;
    QByteArray body;
};

/// A webhook event and how its delivery went.
struct EventRecord
{
    QString id;
    QString type;
    QByteArray body; ///< exact bytes sent on every attempt
    QString status;  ///< pending | held | delivered | failed | dropped
    int attempts = 0;
    int deliveries = 0; ///< 2xx answers received
    int lastHttpStatus = 0;
    QString lastError;
    qint64 created = 0;
};

/// All sandbox state, optionally persisted as one JSON file written atomically.
class SandboxStore
{
public:
    explicit SandboxStore(QString stateFile = {});

    /// Loads the state file if it exists; false (with `error`) when it is unreadable.
    bool load(QString *error);
    /// Writes the state file (no-op without one; only marked due while saves are deferred).
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

    IntentRecord *intent(const QString &id);
    IntentRecord &addIntent(IntentRecord intent);
    const QHash<QString, IntentRecord> &intents() const { return m_intents; }

    RefundRecord *refund(const QString &id);
    RefundRecord &addRefund(RefundRecord refund);

    const IdempotencyRecord *idempotency(const QString &scopedKey) const;
    void putIdempotency(const QString &scopedKey, IdempotencyRecord record);

    EventRecord *event(const QString &id);
    EventRecord &addEvent(const QString &type, const QJsonObject &data);
    const QList<EventRecord> &events() const { return m_events; }

    static QJsonObject intentJson(const IntentRecord &intent);
    static QJsonObject refundJson(const RefundRecord &refund);
    static QJsonObject eventJson(const EventRecord &event);

private:
    QString m_stateFile;
    QHash<QString, IntentRecord> m_intents;
    QHash<QString, RefundRecord> m_refunds;
    QHash<QString, IdempotencyRecord> m_idempotency;
    QList<EventRecord> m_events; // creation order
    mutable int m_deferring = 0;
    mutable bool m_saveDue = false;
};

} // namespace boxoffice::sandbox
