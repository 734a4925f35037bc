// SPDX-License-Identifier: GPL-3.0-or-later
#include "statement.h"

namespace boxoffice::server::db {

std::string textArray(const QStringList &values)
{
    std::string out = "{";
    for (qsizetype i = 0; i < values.size(); ++i) {
        if (i > 0)
            out += ',';
        out += '"';
        for (const char c : values[i].toStdString()) {
            if (c == '"' || c == '\\')
                out += '\\';
            out += c;
        }
        out += '"';
    }
    out += '}';
    return out;
}

QStringList parseTextArray(const pqxx::field &field)
{
    QStringList out;
    if (field.is_null())
        return out;
    auto parser = field.as_array();
    for (auto item = parser.get_next(); item.first != pqxx::array_parser::done;
         item = parser.get_next()) {
        if (item.first == pqxx::array_parser::string_value)
            out.append(QString::fromStdString(item.second));
    }
    return out;
}

} // namespace boxoffice::server::db
