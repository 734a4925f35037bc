// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the clerk does on the selling screen, for GUI tests: sign in from a token, click seats.

#include "mainwindow.h"
#include "salemapview.h"
#include "salepage.h"
#include "serverprocess.h"

#include <seatmap/seatmapscene.h>

#include <QDateTime>
#include <QSettings>
#include <QTest>

namespace boxoffice::test {

/// Signs `window` in to `url` with a clerk token for `subject` (the password path is
/// tst_boxoffice_app's); true when the session was taken.
inline bool restoreClerkSession(app::MainWindow &window, const QString &url, const QString &subject)
{
    QSettings().setValue(QStringLiteral("server/url"), url);
    QSettings().setValue(QStringLiteral("session/token"),
                         QString::fromLatin1(testToken(subject, QStringLiteral("clerk"))));
    QSettings().setValue(QStringLiteral("session/expires"),
                         QDateTime::currentDateTimeUtc().addSecs(600));
    QSettings().setValue(QStringLiteral("session/role"), QStringLiteral("clerk"));
    return window.restoreSession();
}

/// Clicks a seat on the sale map (by id), with `modifiers`, centred in the view first.
inline void clickSeat(app::MainWindow &window,
                      const QString &seatId,
                      Qt::KeyboardModifiers modifiers = {})
{
    app::SaleMapView *view = window.salePage()->view();
    const auto &venue = window.salePage()->scene()->venue();
    const auto ref = venue.findSeat(seatId);
    QVERIFY(ref);
    view->centerOn(venue.seat(*ref).position);
    const QPoint at = view->mapFromScene(venue.seat(*ref).position);
    QVERIFY(view->viewport()->rect().contains(at));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, modifiers, at);
}

} // namespace boxoffice::test
