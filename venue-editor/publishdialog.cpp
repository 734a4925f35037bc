// SPDX-License-Identifier: GPL-3.0-or-later
#include "publishdialog.h"

#include "document.h"
#include "venuediff.h"

#include <client/venueclient.h>
#include <core/venuereader.h>

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>

namespace boxoffice::editor {

namespace {

QString versionText(const QJsonValue &version)
{
    return version.isString() ? version.toString() : QString::number(version.toInteger());
}

} // namespace

core::VenueReadResult PublishDialog::readServerVenue(const QJsonObject &body)
{
    // GET /venues/{id} puts the server's revision in `version`, where the file format keeps its
    // own format version; put that back before reading the document.
    QJsonObject document = body;
    document.insert(QStringLiteral("version"), core::VenueReader::kFormatVersion);
    return core::VenueReader::read(QJsonDocument(document).toJson(QJsonDocument::Compact));
}

PublishDialog::PublishDialog(Document *document, QWidget *parent)
    : QDialog(parent)
    , m_document(document)
    , m_client(new client::VenueClient(this))
    , m_server(new QLineEdit(
          QSettings()
              .value(QStringLiteral("publish/server"), QStringLiteral("http://127.0.0.1:8080"))
              .toString()))
    , m_user(new QLineEdit(QSettings().value(QStringLiteral("publish/user")).toString()))
    , m_password(new QLineEdit)
    , m_venueId(new QLineEdit)
    , m_version(new QLineEdit)
    , m_status(new QLabel)
    , m_publish(new QPushButton(tr("Publish")))
{
    setWindowTitle(tr("Publish to Server"));
    setMinimumWidth(480);
    // Names for tests and accessibility tools.
    m_server->setObjectName(QStringLiteral("server"));
    m_user->setObjectName(QStringLiteral("user"));
    m_password->setObjectName(QStringLiteral("password"));
    m_venueId->setObjectName(QStringLiteral("venueId"));
    m_version->setObjectName(QStringLiteral("version"));
    m_status->setObjectName(QStringLiteral("status"));
    m_publish->setObjectName(QStringLiteral("publish"));
    m_password->setEchoMode(QLineEdit::Password);
    m_venueId->setPlaceholderText(tr("empty = publish as a new venue"));
    const QString key = u"publish/venues/" + document->venue().id;
    const QStringList known = QSettings().value(key).toStringList();
    if (known.size() == 2) {
        m_venueId->setText(known.at(0));
        m_version->setText(known.at(1));
    }
    m_status->setWordWrap(true);
    auto *form = new QFormLayout(this);
    form->addRow(tr("Server:"), m_server);
    form->addRow(tr("User:"), m_user);
    form->addRow(tr("Password:"), m_password);
    form->addRow(tr("Venue id on server:"), m_venueId);
    form->addRow(tr("Version:"), m_version);
    form->addRow(m_status);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    buttons->addButton(m_publish, QDialogButtonBox::AcceptRole);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_publish, &QPushButton::clicked, this, &PublishDialog::publish);
}

void PublishDialog::setBusy(bool busy, const QString &message)
{
    m_publish->setEnabled(!busy);
    m_status->setText(message);
}

void PublishDialog::publish()
{
    const QList<core::VenueIssue> issues = m_document->validate();
    if (std::any_of(issues.cbegin(), issues.cend(), [](const core::VenueIssue &issue) {
            return issue.severity == core::VenueIssue::Severity::Error;
        })) {
        m_status->setText(tr("The venue has errors; fix them before publishing."));
        return;
    }
    QSettings().setValue(QStringLiteral("publish/server"), m_server->text());
    QSettings().setValue(QStringLiteral("publish/user"), m_user->text());
    m_client->setBaseUrl(QUrl(m_server->text().trimmed()));
    setBusy(true, tr("Signing in…"));
    m_client->login(m_user->text(), m_password->text(), [this](const client::ApiResult &result) {
        if (!result.ok()) {
            setBusy(false, tr("Sign-in failed: %1").arg(result.error));
            return;
        }
        upload();
    });
}

void PublishDialog::upload()
{
    setBusy(true, tr("Uploading…"));
    const QByteArray body = m_document->toJson();
    auto done = [this](const client::ApiResult &result) {
        if (result.status == 409 && result.code() == u"version_conflict") {
            // A first publish of a venue the server already has: it is known by the venue's id.
            if (m_venueId->text().trimmed().isEmpty())
                m_venueId->setText(m_document->venue().id);
            showConflict();
            return;
        }
        if (!result.ok()) {
            setBusy(false, tr("Publishing failed: %1").arg(result.error));
            return;
        }
        if (result.body.contains(u"id"))
            m_venueId->setText(result.body.value(u"id").toString());
        m_version->setText(versionText(result.body.value(u"version")));
        QSettings().setValue(u"publish/venues/" + m_document->venue().id,
                             QStringList{m_venueId->text(), m_version->text()});
        setBusy(false,
                tr("Published: venue %1, version %2.").arg(m_venueId->text(), m_version->text()));
    };
    if (m_venueId->text().trimmed().isEmpty())
        m_client->createVenue(body, done);
    else
        m_client->updateVenue(m_venueId->text().trimmed(), m_version->text().trimmed(), body, done);
}

void PublishDialog::showConflict()
{
    m_client->getVenue(m_venueId->text().trimmed(), [this](const client::ApiResult &result) {
        if (!result.ok()) {
            setBusy(false,
                    tr("Someone else changed the venue on the server meanwhile, and it cannot be "
                       "read back: %1")
                        .arg(result.error));
            return;
        }
        const QString version = versionText(result.body.value(u"version"));
        const core::VenueReadResult server = readServerVenue(result.body);
        QStringList changes;
        if (server.ok())
            changes = describeVenueDifferences(server.venue, m_document->venue());
        else
            changes.append(tr("The server's venue cannot be read: %1")
                               .arg(core::formatIssues(server.errors()).trimmed()));
        if (changes.isEmpty())
            changes.append(tr("Nothing: the server has the same plan as you."));
        const QString mine = m_version->text().trimmed();
        QString text = mine.isEmpty()
                           ? tr("Version conflict: the server already has this venue, at version "
                                "%1. What differs:")
                                 .arg(version)
                           : tr("Version conflict: someone else published version %1 of the venue "
                                "meanwhile (you edited version %2). What differs:")
                                 .arg(version, mine);
        text += u"\n• " + changes.join(u"\n• ");
        text += u'\n'
                + tr("Set the version to %1 and publish again to replace the server's venue "
                     "with yours.")
                      .arg(version);
        setBusy(false, text);
    });
}

} // namespace boxoffice::editor
