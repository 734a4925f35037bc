// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QTableWidget>

namespace boxoffice::app {

/// The latest staff sign-ins (GET /staff/sign-ins): who, when on this machine's clock, and from
/// which address, newest first.
class SignInList : public QTableWidget
{
    Q_OBJECT
public:
    explicit SignInList(QWidget *parent = nullptr);

    /// Shows the `items` of a GET /staff/sign-ins answer.
    void showSignIns(const QJsonArray &items);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
};

} // namespace boxoffice::app
