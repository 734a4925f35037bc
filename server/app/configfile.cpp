// SPDX-License-Identifier: GPL-3.0-or-later
#include "configfile.h"

#include <QFile>
#include <QRegularExpression>

namespace boxoffice::server {

ConfigFile ConfigFile::read(const QString &path)
{
    ConfigFile out;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
        out.error = QStringLiteral("--config: cannot read %1 (%2)").arg(path, file.errorString());
        return out;
    }
    static const QRegularExpression keyPattern(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    int number = 0;
    while (!file.atEnd()) {
        ++number;
        const QString line = QString::fromUtf8(file.readLine()).trimmed();
        if (line.isEmpty() || line.startsWith(u'#') || line.startsWith(u';'))
            continue;
        const qsizetype equals = line.indexOf(u'=');
        const QString key = line.left(equals).trimmed();
        if (equals <= 0 || !keyPattern.match(key).hasMatch()) {
            out.warnings.append(QStringLiteral("%1:%2: not a KEY=value line, ignored: %3")
                                    .arg(path)
                                    .arg(number)
                                    .arg(line));
            continue;
        }
        QString value = line.mid(equals + 1).trimmed();
        // EnvironmentFile= strips one pair of surrounding quotes.
        if (value.size() >= 2
            && ((value.startsWith(u'"') && value.endsWith(u'"'))
                || (value.startsWith(u'\'') && value.endsWith(u'\''))))
            value = value.mid(1, value.size() - 2);
        out.entries.append({number, key, value});
    }
    return out;
}

void ConfigFile::applyToEnvironment() const
{
    for (const Entry &entry : entries) {
        const QByteArray name = entry.key.toLatin1();
        if (!qEnvironmentVariableIsSet(name.constData()))
            qputenv(name.constData(), entry.value.toUtf8());
    }
}

} // namespace boxoffice::server
