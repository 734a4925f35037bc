#pragma once

#include <QJsonObject>
#include <QString>

namespace boxoffice::server::domain {

/// Whom a counter sale's tickets are mailed to (optional: the clerk asks the fan).
struct SaleContact
{
    QString email;
    QString locale; ///< en, es, ...

    /// Reads the optional `email` and `locale` of a counter POST /orders or POST
    /// /orders/{id}/mail; throws Error(BadRequest).
    static SaleContact parse(const QJsonObject &body);
};

} // namespace boxoffice::server::domain
