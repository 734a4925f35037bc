// SPDX-License-Identifier: GPL-3.0-or-later
#include "databasetarget.h"

#include "db/embeddedpostgres.h"
#include "db/migrator.h"

#include <QTextStream>

namespace boxoffice::server {

DatabaseTarget::DatabaseTarget(const Config &config)
    : m_config(config)
{}

DatabaseTarget::~DatabaseTarget() = default;

bool DatabaseTarget::open()
{
    if (!m_config.databaseUrl.isEmpty()) {
        m_url = m_config.databaseUrl.toStdString();
        return true;
    }
    m_embedded = std::make_unique<db::EmbeddedPostgres>(m_config.dataDir);
    if (!m_embedded->start()) {
        QTextStream(stderr) << "boxoffice-server: embedded PostgreSQL: " << m_embedded->error()
                            << "\n";
        return false;
    }
    m_url = m_embedded->url().toStdString();
    return true;
}

int runMigrate(Config config)
{
    DatabaseTarget target(config);
    if (!target.open())
        return 1;
    try {
        const QStringList applied = db::Migrator(target.url()).migrate();
        QTextStream out(stdout);
        if (applied.isEmpty())
            out << "migrate: up to date\n";
        for (const QString &name : applied)
            out << "migrate: applied " << name << "\n";
        return 0;
    } catch (const std::exception &error) {
        QTextStream(stderr) << "boxoffice-server: migrate failed: " << error.what() << "\n";
        return 1;
    }
}

} // namespace boxoffice::server
