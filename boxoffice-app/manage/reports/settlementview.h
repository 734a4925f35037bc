// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filechooser.h"

#include <client/filedownload.h>

#include <QJsonObject>
#include <QWidget>

class QLabel;
class QPushButton;

namespace boxoffice::client {
class HttpTransport;
}

namespace boxoffice::app {

class NoticeLabel;

/// What the event's promoter is owed (GET /events/{id}/settlement): gross box office, taxes,
/// fees, net, the venue's commission, owed; saved as the server's PDF statement or CSV.
class SettlementView : public QWidget
{
    Q_OBJECT
public:
    enum class File { Pdf, Csv };

    SettlementView(client::HttpTransport *transport, QWidget *parent = nullptr);

    void setFileChooser(FileChooser chooser) { m_choose = std::move(chooser); }
    void showSettlement(const QJsonObject &settlement);
    void clear();
    /// Asks where, then saves the statement (the buttons' action).
    void save(File file);
    /// Saves the statement to `path` without asking.
    void saveTo(File file, const QString &path);
    /// The shown value of a settlement member ("owed_cents", ...).
    QString valueText(const QString &member) const;
    QString noticeText() const;
    bool isSaving() const { return m_download->isRunning(); }

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    client::FileDownload *m_download;
    FileChooser m_choose;
    QLabel *m_heading;
    QList<std::pair<QString, QLabel *>> m_captions; ///< member -> its caption
    QHash<QString, QLabel *> m_values;
    QPushButton *m_savePdf;
    QPushButton *m_saveCsv;
    NoticeLabel *m_notice;
    QJsonObject m_settlement;
};

} // namespace boxoffice::app
