// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eventmappage.h"
#include "holdbacklist.h"
#include "holdbacksapi.h"

#include <client/livesession.h>

#include <QTimer>

namespace boxoffice::app {

class HoldbackCounts;
class NoticeLabel;

/// "Seats held back": one event's live seat map where the manager selects seats (click or
/// Ctrl-click toggles a seat, Shift-click a row, dragging a rubber band adds, a section from the
/// list) and marks them as kills (K), house seats (H) or an allocation (A), or releases them
/// (Delete); Esc clears the selection. The kinds come from GET /holdbacks, the statuses from the
/// live seat map (its own WebSocket session); both refresh after each change and when the map
/// moves. A refused change (a seat held or sold meanwhile) names the seats and selects them.
class HoldbacksPage : public EventMapPage
{
    Q_OBJECT
public:
    explicit HoldbacksPage(client::HttpTransport *transport, QWidget *parent = nullptr);
    ~HoldbacksPage() override;

    void open(const QString &eventId) override;
    /// Shows answers already at hand (GET /events/{id}, /venues/{id}, /seatmap, /holdbacks)
    /// without asking the server: for benchmarks and screenshots.
    void load(const QJsonObject &event,
              const QJsonObject &venue,
              const QJsonObject &seatmap,
              const QJsonObject &holdbacks);

    /// Marks the selection as `kind` (kill, house, allocation: the name in the allocation box).
    void markSelection(const QString &kind);
    void releaseSelection();
    /// Releases every seat of the counts' current line.
    void releaseCurrentKind();

    const HoldbackList &holdbacks() const { return m_list; }
    QString status(const QString &seatId) const { return m_status.value(seatId); }
    QString messageText() const;

    HoldbackCounts *counts() const { return m_counts; }
    QComboBox *allocationBox() const { return m_allocation; }

Q_SIGNALS:
    /// The holdbacks list was (re)loaded from the server.
    void holdbacksLoaded();

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void retranslate();
    void loadHoldbacks();
    void applyHoldbacks(const QJsonObject &holdbacks);
    void applyVenue(const QJsonObject &venue);
    void applySeatmap(const QJsonObject &seatmap);
    void queueChanges(const QList<client::SeatStatusChange> &changes, bool snapshot);
    void flushPending();
    void recolour();
    void showSelection() override;
    void updateButtons() override;
    void updateLegend();
    void showMessage(const QString &text, bool problem);
    void onChanged(const client::ApiResult &result, const QString &done);
    QString describeSeat(const QString &seatId) const override;
    QString noEventText() const override;
    QString kindName(const QString &kind, const QString &allocation) const;

    HoldbacksApi m_holdbacks;
    client::LiveSession m_live;
    HoldbackCounts *m_counts;
    QPushButton *m_kill;
    QPushButton *m_house;
    QLabel *m_allocationLabel;
    QComboBox *m_allocation;
    QPushButton *m_allocate;
    QPushButton *m_release;
    QPushButton *m_clear;
    QPushButton *m_releaseKind;
    QLabel *m_countsLabel;
    NoticeLabel *m_message;
    QLabel *m_summary;

    QHash<QString, QString> m_status; ///< live status by seat id (missing = available)
    QHash<QString, QString> m_pending;
    bool m_pendingSnapshot = false;
    QTimer m_flush;
    QTimer m_reloadHoldbacks; ///< the map moved: the kinds may have too
    HoldbackList m_list;
    bool m_autoFit = false; ///< the map follows the view's size until the manager zooms
};

} // namespace boxoffice::app
