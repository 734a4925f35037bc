// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filechooser.h"

#include <client/filedownload.h>

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

namespace boxoffice::app {

/// An event's CSV exports (orders, tickets, attendees, the transaction log) saved where the
/// manager chooses, streamed to disk as they arrive: bytes and rows so far (the server streams
/// without announcing a length), Cancel (Esc), and in words why a file was not saved.
class ExportPanel : public QWidget
{
    Q_OBJECT
public:
    enum class Export { Orders, Tickets, Attendees, TransactionLog };

    ExportPanel(client::HttpTransport *transport, QWidget *parent = nullptr);

    void setFileChooser(FileChooser chooser) { m_choose = std::move(chooser); }
    /// The event exported, and the transaction log's filters (`channel=...&clerk=...&from=...`,
    /// encoded) as the report shows them.
    void setScope(const QString &eventId, const QString &logFilters);
    /// Asks where, then exports (the buttons' action).
    void start(Export which);
    /// Exports to `path` without asking.
    void startTo(Export which, const QString &path);
    void cancel();

    client::FileDownload *download() const { return m_download; }
    QString statusText() const;
    QProgressBar *progressBar() const { return m_progress; }

Q_SIGNALS:
    void exportFinished(boxoffice::client::FileDownload::Outcome outcome);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void showProgress();
    void setRunning(bool running);
    QString fileName(Export which) const;

    client::FileDownload *m_download;
    FileChooser m_choose;
    QString m_eventId;
    QString m_logFilters;
    Export m_running = Export::Orders;
    QLabel *m_intro;
    QPushButton *m_buttons[4];
    QProgressBar *m_progress;
    QLabel *m_status;
    QPushButton *m_cancel;
};

} // namespace boxoffice::app
