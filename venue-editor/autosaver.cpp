// SPDX-License-Identifier: GPL-3.0-or-later
#include "autosaver.h"

#include "document.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>
#include <QUuid>

namespace boxoffice::editor {

Autosaver::Autosaver(QObject *parent)
    : QObject(parent)
    , m_untitledKey(QUuid::createUuid().toString(QUuid::Id128).left(12))
{
    m_timer.setInterval(15'000);
    connect(&m_timer, &QTimer::timeout, this, &Autosaver::saveNow);
    m_timer.start();
}

void Autosaver::setDocument(Document *document)
{
    discard();
    if (m_document)
        m_document->disconnect(this);
    m_document = document;
    if (m_document) {
        connect(m_document, &Document::modifiedChanged, this, [this](bool modified) {
            if (!modified)
                discard();
        });
    }
}

QString Autosaver::directory()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation)
           + QStringLiteral("/autosave");
}

QString Autosaver::currentFile() const
{
    if (!m_document)
        return {};
    const QString key = m_document->fileName().isEmpty()
                            ? m_untitledKey
                            : QString::fromLatin1(
                                QCryptographicHash::hash(m_document->fileName().toUtf8(),
                                                         QCryptographicHash::Sha1)
                                    .toHex()
                                    .left(12));
    return directory() + u'/' + key + QStringLiteral(".venue.json");
}

void Autosaver::saveNow()
{
    if (!m_document || !m_document->isModified())
        return;
    QDir().mkpath(directory());
    QSaveFile file(currentFile());
    if (!file.open(QIODevice::WriteOnly))
        return;
    file.write(m_document->toJson());
    if (!file.commit())
        return;
    QFile meta(currentFile() + QStringLiteral(".meta"));
    if (meta.open(QIODevice::WriteOnly))
        meta.write(
            QJsonDocument(QJsonObject{{QStringLiteral("path"), m_document->fileName()}}).toJson());
}

void Autosaver::discard()
{
    const QString file = currentFile();
    if (file.isEmpty())
        return;
    QFile::remove(file);
    QFile::remove(file + QStringLiteral(".meta"));
}

QStringList Autosaver::leftovers()
{
    QStringList files;
    const QDir dir(directory());
    for (const QString &name : dir.entryList({QStringLiteral("*.venue.json")}, QDir::Files))
        files.append(dir.filePath(name));
    return files;
}

QString Autosaver::originalPath(const QString &autosaveFile)
{
    QFile meta(autosaveFile + QStringLiteral(".meta"));
    if (!meta.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(meta.read(64 * 1024)).object().value(u"path").toString();
}

} // namespace boxoffice::editor
