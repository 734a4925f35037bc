// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Signing in through the app's own sign-in page and opening the manager's back office, as a
// person does (the tests of boxoffice-app/manage/).

#include "eventfinder.h"
#include "mainwindow.h"
#include "manage/manageworkspace.h"
#include "signinpage.h"

#include <QLineEdit>
#include <QTest>

namespace boxoffice::test {

/// Shows `window` at 1280x800 and signs `user` (password s3cret-pass) in at `serverUrl`; true
/// once the event finder shows.
inline bool signInThroughPage(app::MainWindow &window, const QString &serverUrl, const QString &user)
{
    window.resize(1280, 800);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return false;
    app::SignInPage *page = window.signInPage();
    page->findChild<QLineEdit *>(QStringLiteral("serverUrl"))->setText(serverUrl);
    auto *name = page->findChild<QLineEdit *>(QStringLiteral("userName"));
    name->clear();
    QTest::keyClicks(name, user);
    auto *password = page->findChild<QLineEdit *>(QStringLiteral("password"));
    QTest::keyClicks(password, QStringLiteral("s3cret-pass"));
    QTest::keyClick(password, Qt::Key_Return);
    return QTest::qWaitFor(
        [&window] { return window.currentPage() == static_cast<QWidget *>(window.eventFinder()); },
        10000);
}

/// Signs `user` in and opens the back office by its shortcut (Ctrl+M); true once it shows.
inline bool openBackOffice(app::MainWindow &window,
                           const QString &serverUrl,
                           const QString &user = QStringLiteral("boss"))
{
    if (!signInThroughPage(window, serverUrl, user))
        return false;
    window.activateWindow();
    QTest::keyClick(&window, Qt::Key_M, Qt::ControlModifier);
    return QTest::qWaitFor(
        [&window] { return window.currentPage() == static_cast<QWidget *>(window.workspace()); },
        5000);
}

} // namespace boxoffice::test
