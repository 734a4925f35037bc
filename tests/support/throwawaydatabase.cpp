// SPDX-License-Identifier: GPL-3.0-or-later
#include "throwawaydatabase.h"

#include <pqxx/pqxx>

#include <QUuid>

namespace boxoffice::server::db {

std::string withDatabase(const std::string &url, const std::string &database)
{
    // postgresql://user@host:port/dbname?params
    const auto schemeEnd = url.find("://");
    const auto pathStart = url.find('/', schemeEnd == std::string::npos ? 0 : schemeEnd + 3);
    const auto query = url.find('?', pathStart == std::string::npos ? 0 : pathStart);
    const std::string base = pathStart == std::string::npos ? url.substr(0, query)
                                                            : url.substr(0, pathStart);
    const std::string params = query == std::string::npos ? "" : url.substr(query);
    return base + "/" + database + params;
}

ThrowawayDatabase::ThrowawayDatabase(const std::string &adminUrl, const std::string &prefix)
    : m_adminUrl(adminUrl)
{
    const QString suffix = QUuid::createUuid().toString(QUuid::Id128).left(12);
    m_name = prefix + "_" + suffix.toStdString();
    pqxx::connection admin{m_adminUrl};
    pqxx::nontransaction work{admin};
    work.exec0("CREATE DATABASE " + admin.quote_name(m_name));
    m_url = withDatabase(m_adminUrl, m_name);
}

ThrowawayDatabase::~ThrowawayDatabase()
{
    try {
        pqxx::connection admin{m_adminUrl};
        pqxx::nontransaction work{admin};
        // Connections a test leaked, or whose backends are still exiting after the client
        // closed them, must not keep the database alive: FORCE terminates them and waits.
        work.exec0("DROP DATABASE IF EXISTS " + admin.quote_name(m_name) + " WITH (FORCE)");
    } catch (const std::exception &) {
        // Best effort: a leftover test database is harmless and named so it can be found.
    }
}

} // namespace boxoffice::server::db
