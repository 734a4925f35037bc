// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eventinfo.h"

#include <client/livesession.h>

#include <QHash>
#include <QTimer>
#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace boxoffice::client {
class SalesClient;
struct ApiResult;
} // namespace boxoffice::client
namespace boxoffice::seatmap {
class LegendWidget;
class SeatMapScene;
} // namespace boxoffice::seatmap

namespace boxoffice::app {

class BasketPanel;
class MapOverlay;
class SaleMapView;
class SaleSession;

/// The selling screen: the live seat map of one event, best-available and GA controls, the
/// legend with prices, the connection state, and the basket.
class SalePage : public QWidget
{
    Q_OBJECT
public:
    SalePage(client::SalesClient *client,
             client::LiveSession *ws,
             SaleSession *session,
             QWidget *parent = nullptr);

    /// Loads event, venue and seat map (all asynchronous); `loaded` or `loadFailed` follows.
    void open(const QString &eventId);
    SaleSession *session() const { return m_session; }
    SaleMapView *view() const { return m_view; }
    seatmap::SeatMapScene *scene() const { return m_scene; }
    BasketPanel *basket() const { return m_basket; }
    QString messageText() const;
    QString connectionText() const;
    /// Applies queued seat-map changes now (otherwise batched per frame).
    void flushPending();
    /// Shows an event from data already at hand (Event, venue JSON, seat map); what open() does
    /// once the three answers are in. False when the venue is not valid.
    bool load(const QJsonObject &event, const QJsonObject &venue, const QJsonObject &seatmap);
    /// Queues seat status changes as a WebSocket push does (applied on the next frame).
    void queueChanges(const QList<client::SeatStatusChange> &changes, bool snapshot);

public Q_SLOTS:
    void bestAvailable();
    void holdGa();
    void fit();

Q_SIGNALS:
    void loaded();
    void loadFailed(const QString &message);
    void checkoutRequested();

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void onEvent(const client::ApiResult &result);
    void onVenue(const client::ApiResult &result);
    void onSeatmap(const client::ApiResult &result);
    void recolour(const QStringList &seatIds, bool all);
    bool applyVenue(const QJsonObject &venue);
    void applySeatmap(const QJsonObject &seatmap);
    void applyGa(const QJsonArray &ga);
    void showMessage(const QString &text, bool warning);
    void showConnection(client::LiveSession::State state);
    QString describe(const QString &id) const;
    void retranslate();
    void updateLegend();
    /// Asks which allocations the counter may sell (and their seats) again.
    void loadAllocations();
    void onAllocations(const QString &eventId, const client::ApiResult &result);

    client::SalesClient *m_client;
    client::LiveSession *m_ws;
    SaleSession *m_session;
    seatmap::SeatMapScene *m_scene;
    SaleMapView *m_view;
    MapOverlay *m_overlay = nullptr;
    seatmap::LegendWidget *m_legend;
    BasketPanel *m_basket;
    QLabel *m_title;
    QLabel *m_connection;
    QLabel *m_message;
    QLabel *m_bestLabel;
    QComboBox *m_section;
    QSpinBox *m_quantity;
    QPushButton *m_best;
    QLabel *m_gaLabel;
    QComboBox *m_ga;
    QSpinBox *m_gaQuantity;
    QPushButton *m_gaButton;
    QPushButton *m_fit;
    EventInfo m_event;
    QHash<QString, QString> m_pending; ///< seat-map changes waiting for the next frame
    bool m_pendingSnapshot = false;
    QTimer m_flush;
    QTimer m_messageTimer;
    QTimer m_allocationsTimer; ///< asks again once seats stop or start being held back
    QStringList m_allocations; ///< names of the allocations the counter may sell
    QString m_eventId;
    bool m_fitPending = false; ///< fit once the page has its real size
};

} // namespace boxoffice::app
