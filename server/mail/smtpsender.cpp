// SPDX-License-Identifier: GPL-3.0-or-later
#include "smtpsender.h"

#include <curl/curl.h>

#include <cstring>
#include <memory>
#include <mutex>

namespace boxoffice::server::mail {

namespace {

struct Upload
{
    const QByteArray *data;
    qsizetype offset = 0;
};

size_t readChunk(char *buffer, size_t size, size_t count, void *user)
{
    auto *upload = static_cast<Upload *>(user);
    const size_t room = size * count;
    const size_t left = size_t(upload->data->size() - upload->offset);
    const size_t n = std::min(room, left);
    std::memcpy(buffer, upload->data->constData() + upload->offset, n);
    upload->offset += qsizetype(n);
    return n;
}

struct CurlDeleter
{
    void operator()(CURL *curl) const { curl_easy_cleanup(curl); }
};
struct ListDeleter
{
    void operator()(curl_slist *list) const { curl_slist_free_all(list); }
};

// <user@host> from a From value that may carry a display name.
QByteArray envelopeAddress(const QString &address)
{
    const qsizetype open = address.lastIndexOf(u'<');
    const qsizetype close = address.lastIndexOf(u'>');
    const QString bare = open >= 0 && close > open ? address.mid(open + 1, close - open - 1)
                                                   : address.trimmed();
    return '<' + bare.toUtf8() + '>';
}

} // namespace

SmtpSender::SmtpSender(SmtpSettings settings)
    : m_settings(std::move(settings))
{
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

bool SmtpSender::send(const QString &to,
                      const QByteArray &message,
                      QString *error,
                      bool *handedOver) const
{
    if (handedOver)
        *handedOver = false;
    std::unique_ptr<CURL, CurlDeleter> curl(curl_easy_init());
    if (!curl) {
        *error = QStringLiteral("curl_easy_init failed");
        return false;
    }
    QUrl url = m_settings.url;
    const QByteArray user
        = (m_settings.user.isEmpty() ? url.userName(QUrl::FullyDecoded) : m_settings.user).toUtf8();
    const QByteArray password = (m_settings.user.isEmpty() ? url.password(QUrl::FullyDecoded)
                                                           : m_settings.password)
                                    .toUtf8();
    url.setUserInfo({});
    const QByteArray target = url.toString(QUrl::FullyEncoded).toUtf8();
    const QByteArray from = envelopeAddress(m_settings.from);
    const QByteArray rcpt = envelopeAddress(to);
    const QByteArray caFile = m_settings.caFile.toUtf8();
    std::unique_ptr<curl_slist, ListDeleter> recipients(
        curl_slist_append(nullptr, rcpt.constData()));
    Upload upload{&message};
    char curlError[CURL_ERROR_SIZE] = {};
    CURL *c = curl.get();
    curl_easy_setopt(c, CURLOPT_URL, target.constData());
    curl_easy_setopt(c, CURLOPT_ERRORBUFFER, curlError);
    if (!user.isEmpty()) {
        curl_easy_setopt(c, CURLOPT_USERNAME, user.constData());
        curl_easy_setopt(c, CURLOPT_PASSWORD, password.constData());
    }
    // smtp:// upgrades with STARTTLS when offered (or must, when required or when there is a
    // password to send); smtps:// is TLS from the start.
    const bool mustTls = m_settings.requireTls || !user.isEmpty();
    curl_easy_setopt(c, CURLOPT_USE_SSL, mustTls ? CURLUSESSL_ALL : CURLUSESSL_TRY);
    // libcurl's defaults, said out loud: the relay's certificate and name are checked.
    curl_easy_setopt(c, CURLOPT_SSL_VERIFYPEER, 1L);
    curl_easy_setopt(c, CURLOPT_SSL_VERIFYHOST, 2L);
    if (!caFile.isEmpty())
        curl_easy_setopt(c, CURLOPT_CAINFO, caFile.constData());
    curl_easy_setopt(c, CURLOPT_MAIL_FROM, from.constData());
    curl_easy_setopt(c, CURLOPT_MAIL_RCPT, recipients.get());
    curl_easy_setopt(c, CURLOPT_READFUNCTION, readChunk);
    curl_easy_setopt(c, CURLOPT_READDATA, &upload);
    curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
    curl_easy_setopt(c, CURLOPT_INFILESIZE_LARGE, curl_off_t(message.size()));
    curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, long(std::min(m_settings.timeoutMs, 10000)));
    curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, long(m_settings.timeoutMs));
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    const CURLcode result = curl_easy_perform(c);
    if (result != CURLE_OK) {
        if (handedOver)
            *handedOver = upload.offset == message.size();
        *error = QStringLiteral("%1: %2").arg(QString::fromLatin1(curl_easy_strerror(result)),
                                              QString::fromUtf8(curlError));
        return false;
    }
    return true;
}

} // namespace boxoffice::server::mail
