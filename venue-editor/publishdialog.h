// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/venuereader.h>

#include <QDialog>

class QJsonObject;
class QLabel;
class QLineEdit;
class QPushButton;

namespace boxoffice::client {
class VenueClient;
}

namespace boxoffice::editor {

class Document;

/// Publishes the venue to a box-office server: staff login, then POST /venues (first time) or
/// PUT /venues/{id} with If-Match (later); a version conflict says what differs on the server.
class PublishDialog : public QDialog
{
    Q_OBJECT
public:
    PublishDialog(Document *document, QWidget *parent = nullptr);

    /// Reads a GET /venues/{id} answer, whose `version` is the server's revision.
    static core::VenueReadResult readServerVenue(const QJsonObject &body);

private:
    void publish();
    void upload();
    void showConflict();
    void setBusy(bool busy, const QString &message);

    Document *m_document;
    client::VenueClient *m_client;
    QLineEdit *m_server;
    QLineEdit *m_user;
    QLineEdit *m_password;
    QLineEdit *m_venueId;
    QLineEdit *m_version;
    QLabel *m_status;
    QPushButton *m_publish;
};

} // namespace boxoffice::editor
