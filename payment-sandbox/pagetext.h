// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

namespace boxoffice::sandbox {

/// The hosted payment page's words in English and Spanish.
class PageText
{
public:
    enum class Key {
        Title,
        Heading,
        SandboxNotice,
        Amount,
        Order,
        CardNumber,
        Expiry,
        Cvc,
        PayButton, ///< %1: the amount
        Cancel,
        TestCards,
        CardSucceeds,
        CardDeclines,
        CardSlow,
        CardTimeout,
        InvalidCard,
        DeclinedHeading,
        DeclinedText,
        BackToShop,
        NotFoundHeading,
        NotFoundText,
        CompleteHeading,
        CompleteText,
        ProcessingHeading,
        ProcessingText,
        ReturnMismatch,
        OtherLanguage,
    };

    /// "en" or "es": `explicitChoice` when it is one of them, else the best of Accept-Language.
    static QString language(const QString &explicitChoice, const QByteArray &acceptLanguage);
    static QString text(const QString &language, Key key);
};

} // namespace boxoffice::sandbox
