// SPDX-License-Identifier: GPL-3.0-or-later
#include "hostedpage.h"

#include "sandboxapi.h"
#include "sandboxhttp.h"
#include "sandboxstore.h"
#include "testcards.h"

#include <QFile>
#include <QHttpServer>
#include <QLocale>
#include <QUrl>

namespace boxoffice::sandbox {

namespace {

using Key = PageText::Key;

QString esc(const QString &text)
{
    return text.toHtmlEscaped();
}

QString amount(const IntentRecord &intent, const QString &language)
{
    const QLocale locale = language == u"es" ? QLocale(QLocale::Spanish, QLocale::Spain)
                                             : QLocale(QLocale::English, QLocale::UnitedKingdom);
    return locale.toString(double(intent.amountCents) / 100.0, 'f', 2) + QChar(0x00a0)
           + intent.currency;
}

// 4242424242424242 as people read it: 4242 4242 4242 4242.
QString grouped(const QString &card)
{
    QString out;
    for (qsizetype i = 0; i < card.size(); ++i) {
        if (i > 0 && i % 4 == 0)
            out += u' ';
        out += card.at(i);
    }
    return out;
}

bool isWebUrl(const QString &text)
{
    const QUrl url(text, QUrl::StrictMode);
    return url.isValid() && (url.scheme() == u"http" || url.scheme() == u"https")
           && !url.host().isEmpty();
}

QString origin(const QString &url)
{
    return QUrl(url)
        .adjusted(QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveFragment | QUrl::RemoveUserInfo)
        .toString(QUrl::FullyEncoded);
}

// Where the buyer goes back to: the return URL with the order's id added.
QString backUrl(const QString &returnUrl, const IntentRecord &intent)
{
    if (returnUrl.isEmpty())
        return {};
    QUrl url(returnUrl);
    QUrlQuery query(url);
    query.addQueryItem(QStringLiteral("order_id"), intent.orderId);
    url.setQuery(query);
    return url.toString(QUrl::FullyEncoded);
}

QString field(const QUrlQuery &fields, const QString &name)
{
    return fields.queryItemValue(name, QUrl::FullyDecoded);
}

} // namespace

HostedPage::HostedPage(SandboxStore *store, SandboxApi *api)
    : m_store(store)
    , m_api(api)
{}

void HostedPage::registerRoutes(QHttpServer &server)
{
    using Method = QHttpServerRequest::Method;
    server.route(QStringLiteral("/pay-assets/page.css"), Method::Get, [] {
        QFile file(QStringLiteral(":/hostedpage/page.css"));
        file.open(QIODevice::ReadOnly);
        QHttpServerResponse css(QByteArrayLiteral("text/css; charset=utf-8"), file.readAll());
        css.setHeader("Cache-Control", "public, max-age=3600");
        css.setHeader("X-Content-Type-Options", "nosniff");
        return css;
    });
    server.route(QStringLiteral("/pay/<arg>"),
                 Method::Get,
                 [this](const QString &id, const QHttpServerRequest &request) {
                     return show(id, request);
                 });
    server.route(QStringLiteral("/pay/<arg>"),
                 Method::Post,
                 [this](const QString &id, const QHttpServerRequest &request) {
                     return pay(id, request);
                 });
}

HostedPage::Visit HostedPage::visit(const QString &id,
                                    const QUrlQuery &fields,
                                    const QHttpServerRequest &request) const
{
    Visit visit;
    visit.intentId = id;
    visit.secret = field(fields, QStringLiteral("client_secret"));
    visit.language = PageText::language(field(fields, QStringLiteral("lang")),
                                        header(request, "Accept-Language"));
    const QString given = field(fields, QStringLiteral("return_url"));
    const IntentRecord *intent = m_store->findIntent(id);
    const QString stored = intent ? intent->metadata.value(u"return_url").toString() : QString();
    // The merchant said where to go back when it made the intent; a link cannot change that.
    if (!stored.isEmpty()) {
        visit.returnUrl = stored;
        visit.returnMismatch = !given.isEmpty() && given != stored;
    } else if (isWebUrl(given)) {
        visit.returnUrl = given;
    }
    return visit;
}

QHttpServerResponse HostedPage::show(const QString &id, const QHttpServerRequest &request)
{
    const Visit v = visit(id, request.query(), request);
    const IntentRecord *intent = m_store->findIntent(id);
    if (!intent || !m_api->hasClientSecret(id, v.secret))
        return message(v, 404, Key::NotFoundHeading, Key::NotFoundText, {});
    if (v.returnMismatch)
        return message(v, 400, Key::NotFoundHeading, Key::ReturnMismatch, {});
    return stateOf(v, *intent, false);
}

QHttpServerResponse HostedPage::pay(const QString &id, const QHttpServerRequest &request)
{
    if (request.body().size() > kMaxBodyBytes)
        return errorResponse(413, QStringLiteral("payload_too_large"), QStringLiteral("too big"));
    // application/x-www-form-urlencoded: '+' is a space, %2B a plus.
    const QUrlQuery fields(QString::fromUtf8(request.body()).replace(u'+', u' '));
    const Visit v = visit(id, fields, request);
    const IntentRecord *intent = m_store->findIntent(id);
    if (!intent || !m_api->hasClientSecret(id, v.secret))
        return message(v, 404, Key::NotFoundHeading, Key::NotFoundText, {});
    if (v.returnMismatch)
        return message(v, 400, Key::NotFoundHeading, Key::ReturnMismatch, {});
    if (intent->status != u"requires_confirmation")
        return stateOf(v, *intent, false); // a second submit: the outcome of the first
    QString card = field(fields, QStringLiteral("card_number"));
    card.remove(u' ').remove(u'-');
    if (!TestCards::isWellFormed(card))
        return form(v, *intent, true);
    const auto outcome = m_api->confirmWithCard(id, card);
    intent = m_store->findIntent(id);
    if (outcome == SandboxApi::Confirmation::Declined)
        return message(v,
                       402,
                       Key::DeclinedHeading,
                       Key::DeclinedText,
                       backUrl(v.returnUrl, *intent));
    return stateOf(v, *intent, false);
}

QHttpServerResponse HostedPage::stateOf(const Visit &visit,
                                        const IntentRecord &intent,
                                        bool invalidCard)
{
    const QString back = backUrl(visit.returnUrl, intent);
    if (intent.status == u"requires_confirmation")
        return form(visit, intent, invalidCard);
    if (intent.status == u"failed")
        return message(visit, 200, Key::DeclinedHeading, Key::DeclinedText, back);
    if (!back.isEmpty()) {
        // Paid or on its way: back to the shop, which waits for the webhook's word.
        QHttpServerResponse redirect(QHttpServerResponse::StatusCode::SeeOther);
        redirect.setHeader("Location", back.toUtf8());
        redirect.setHeader("Cache-Control", "no-store");
        redirect.setHeader("Referrer-Policy", "no-referrer");
        return redirect;
    }
    if (intent.status == u"processing")
        return message(visit, 200, Key::ProcessingHeading, Key::ProcessingText, {});
    return message(visit, 200, Key::CompleteHeading, Key::CompleteText, {});
}

QHttpServerResponse HostedPage::form(const Visit &visit,
                                     const IntentRecord &intent,
                                     bool invalidCard)
{
    const QString &lang = visit.language;
    auto t = [&](Key key) { return esc(PageText::text(lang, key)); };
    QString main;
    main += QStringLiteral("<h1>%1</h1>\n").arg(t(Key::Heading));
    main += QStringLiteral("<p class=\"notice\">%1</p>\n").arg(t(Key::SandboxNotice));
    main += QStringLiteral("<dl class=\"summary\"><dt>%1</dt><dd class=\"amount\">%2</dd>"
                           "<dt>%3</dt><dd>%4</dd></dl>\n")
                .arg(t(Key::Amount), esc(amount(intent, lang)), t(Key::Order), esc(intent.orderId));
    main += QStringLiteral("<form method=\"post\" action=\"/pay/%1\" novalidate>\n")
                .arg(esc(QString::fromLatin1(QUrl::toPercentEncoding(intent.id))));
    if (invalidCard)
        main += QStringLiteral("<p class=\"error\" id=\"card-error\" role=\"alert\">%1</p>\n")
                    .arg(t(Key::InvalidCard));
    main += QStringLiteral("<input type=\"hidden\" name=\"client_secret\" value=\"%1\">\n"
                           "<input type=\"hidden\" name=\"lang\" value=\"%2\">\n")
                .arg(esc(visit.secret), esc(lang));
    if (!visit.returnUrl.isEmpty())
        main += QStringLiteral("<input type=\"hidden\" name=\"return_url\" value=\"%1\">\n")
                    .arg(esc(visit.returnUrl));
    main += QStringLiteral("<label for=\"card_number\">%1</label>\n"
                           "<input id=\"card_number\" name=\"card_number\" inputmode=\"numeric\" "
                           "autocomplete=\"cc-number\" required autofocus "
                           "placeholder=\"4242 4242 4242 4242\"%2>\n")
                .arg(t(Key::CardNumber),
                     invalidCard ? QStringLiteral(" aria-invalid=\"true\" "
                                                  "aria-describedby=\"card-error\"")
                                 : QString());
    main += QStringLiteral("<div class=\"row\"><div><label for=\"exp\">%1</label>\n"
                           "<input id=\"exp\" name=\"exp\" autocomplete=\"cc-exp\" "
                           "inputmode=\"numeric\" placeholder=\"12/34\"></div>\n"
                           "<div><label for=\"cvc\">%2</label>\n"
                           "<input id=\"cvc\" name=\"cvc\" autocomplete=\"cc-csc\" "
                           "inputmode=\"numeric\" placeholder=\"123\"></div></div>\n")
                .arg(t(Key::Expiry), t(Key::Cvc));
    main += QStringLiteral("<button type=\"submit\">%1</button>\n</form>\n")
                .arg(esc(PageText::text(lang, Key::PayButton).arg(amount(intent, lang))));
    const QString back = backUrl(visit.returnUrl, intent);
    if (!back.isEmpty())
        main += QStringLiteral("<p><a class=\"back\" href=\"%1\">%2</a></p>\n")
                    .arg(esc(back), t(Key::Cancel));
    main += QStringLiteral("<h2>%1</h2>\n<table class=\"cards\"><tbody>\n").arg(t(Key::TestCards));
    const std::pair<const char *, Key> cards[] = {{TestCards::kSuccess, Key::CardSucceeds},
                                                  {TestCards::kDecline, Key::CardDeclines},
                                                  {TestCards::kSlow, Key::CardSlow},
                                                  {TestCards::kTimeout, Key::CardTimeout}};
    for (const auto &[number, meaning] : cards)
        main += QStringLiteral("<tr><td><code>%1</code></td><td>%2</td></tr>\n")
                    .arg(grouped(QString::fromLatin1(number)), t(meaning));
    main += QStringLiteral("</tbody></table>\n");
    return page(visit, invalidCard ? 400 : 200, PageText::text(lang, Key::Title), main);
}

QHttpServerResponse HostedPage::message(
    const Visit &visit, int status, Key heading, Key text, const QString &backUrl)
{
    QString main = QStringLiteral("<h1>%1</h1>\n<p class=\"message\">%2</p>\n")
                       .arg(esc(PageText::text(visit.language, heading)),
                            esc(PageText::text(visit.language, text)));
    if (!backUrl.isEmpty())
        main += QStringLiteral("<p><a class=\"button\" href=\"%1\">%2</a></p>\n")
                    .arg(esc(backUrl), esc(PageText::text(visit.language, Key::BackToShop)));
    return page(visit, status, PageText::text(visit.language, heading), main);
}

QHttpServerResponse HostedPage::page(const Visit &visit,
                                     int status,
                                     const QString &title,
                                     const QString &main)
{
    const QString other = visit.language == u"es" ? QStringLiteral("en") : QStringLiteral("es");
    auto encoded = [](const QString &text) {
        return QString::fromLatin1(QUrl::toPercentEncoding(text));
    };
    QString switchUrl = QStringLiteral("/pay/") + encoded(visit.intentId)
                        + QStringLiteral("?client_secret=") + encoded(visit.secret);
    if (!visit.returnUrl.isEmpty())
        switchUrl += QStringLiteral("&return_url=") + encoded(visit.returnUrl);
    switchUrl += QStringLiteral("&lang=") + other;
    const QString html
        = QStringLiteral("<!doctype html>\n<html lang=\"%1\">\n<head>\n<meta charset=\"utf-8\">\n"
                         "<meta name=\"viewport\" content=\"width=device-width, "
                         "initial-scale=1\">\n<title>%2 · Payment sandbox</title>\n"
                         "<link rel=\"stylesheet\" href=\"/pay-assets/page.css\">\n</head>\n"
                         "<body>\n<header><span class=\"brand\">Payment sandbox</span>"
                         "<a class=\"language\" lang=\"%3\" hreflang=\"%3\" href=\"%4\">%5</a>"
                         "</header>\n<main>\n%6</main>\n</body>\n</html>\n")
              .arg(visit.language,
                   esc(title),
                   other,
                   esc(switchUrl),
                   esc(PageText::text(visit.language, Key::OtherLanguage)),
                   main);
    QHttpServerResponse response(QByteArrayLiteral("text/html; charset=utf-8"),
                                 html.toUtf8(),
                                 static_cast<QHttpServerResponse::StatusCode>(status));
    // No script at all; the form may only go here, and its redirect only to the shop.
    QByteArray policy = "default-src 'none'; style-src 'self'; img-src 'self'; "
                        "frame-ancestors 'none'; base-uri 'none'; form-action 'self'";
    if (!visit.returnUrl.isEmpty())
        policy += ' ' + origin(visit.returnUrl).toUtf8();
    response.setHeader("Content-Security-Policy", policy);
    response.setHeader("X-Content-Type-Options", "nosniff");
    // The page's address holds the client secret: never pass it on to the shop or anyone.
    response.setHeader("Referrer-Policy", "no-referrer");
    response.setHeader("Cache-Control", "no-store");
    response.setHeader("X-Frame-Options", "DENY");
    return response;
}

} // namespace boxoffice::sandbox
