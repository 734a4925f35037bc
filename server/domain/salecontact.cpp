#include "salecontact.h"

#include "error.h"

#include <QRegularExpression>

namespace boxoffice::server::domain {

SaleContact SaleContact::parse(const QJsonObject &body)
{
    SaleContact contact;
    const QJsonValue email = body.value(u"email");
    const QJsonValue locale = body.value(u"locale");
    if (!email.isUndefined() && !email.isNull()) {
        const QString text = email.toString().trimmed();
        // One address, no display name, no header smuggling: local@domain.
        const qsizetype at = text.indexOf(u'@');
        if (!email.isString() || text.size() < 3 || text.size() > 254 || at < 1
            || at != text.lastIndexOf(u'@') || at == text.size() - 1
            || text.contains(QRegularExpression(QStringLiteral("[\\s<>,;\"()\\[\\]\\\\]"))))
            throw Error(ErrorCode::BadRequest, QStringLiteral("`email` must be one e-mail address"));
        contact.email = text;
    }
    if (!locale.isUndefined() && !locale.isNull()) {
        if (!locale.isString()
            || !QRegularExpression(QStringLiteral("^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})?$"))
                    .match(locale.toString())
                    .hasMatch())
            throw Error(ErrorCode::BadRequest,
                        QStringLiteral("`locale` must be a language tag such as es or en-GB"));
        contact.locale = locale.toString();
    }
    return contact;
}

} // namespace boxoffice::server::domain
