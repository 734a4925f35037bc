// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "../ticketprinter.h"

#include <QJsonObject>
#include <QObject>
#include <QPointer>

#include <functional>

class QWidget;

namespace boxoffice::client {
class SalesClient;
}

namespace boxoffice::app {

class CheckoutDialog;
class SaleRecorder;
class SaleSession;

/// One checkout from F12 to "next customer": opens the dialog for the basket, opens the shift
/// from there when cash is taken without one, records the sale (SaleRecorder), and hands the
/// paid order to `print`. The map keeps receiving updates meanwhile (window-modal, no nested
/// event loop).
class CheckoutFlow : public QObject
{
    Q_OBJECT
public:
    using Print = std::function<void(const PrintedOrder &)>;

    CheckoutFlow(client::SalesClient *client,
                 SaleSession *session,
                 SaleRecorder *recorder,
                 Print print,
                 QWidget *window);

    /// Opens the checkout for the basket (nothing when it is empty, busy or already open).
    void start(const QString &role, const QString &clerk);
    CheckoutDialog *dialog() const { return m_dialog.data(); }

    /// The printed form of a server Order paid with `payment` (seat names from the session).
    static PrintedOrder printable(const QJsonObject &order,
                                  const QJsonObject &payment,
                                  const SaleSession &session,
                                  const QString &clerk);

Q_SIGNALS:
    void saleCompleted(const QJsonObject &order);
    /// The shift was opened from the checkout (the status bar shows it).
    void shiftOpened(const QString &shiftId);
    /// The dialog closed: the window takes the keyboard back.
    void finished();

private:
    void openShift(qint64 floatCents);

    client::SalesClient *m_client;
    SaleSession *m_session;
    SaleRecorder *m_recorder;
    Print m_print;
    QWidget *m_window;
    QPointer<CheckoutDialog> m_dialog;
    QString m_clerk;
};

} // namespace boxoffice::app
