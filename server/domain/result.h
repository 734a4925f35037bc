// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <type_traits>
#include <utility>
#include <variant>

namespace boxoffice::server::domain {

/// What a domain operation answers: a T, or the Error that refused it. Services return it
/// instead of throwing across their boundary; the edge (api/) maps it to JSON and status.
///
///     Result<Hold> held = sales.hold(caller, request);
///     if (!held)
///         return problem(held.error());
///     use(held.value());
///
/// value() of a failed result throws its Error, so code inside a transaction may write
/// `hold(...).value()` and let the rule roll the transaction back.
template<class T>
class [[nodiscard]] Result
{
    static_assert(!std::is_same_v<std::decay_t<T>, Error>, "a Result of an Error is an Error");

public:
    Result(T value)
        : m_state(std::in_place_index<0>, std::move(value))
    {}
    Result(Error error)
        : m_state(std::in_place_index<1>, std::move(error))
    {}

    bool ok() const { return m_state.index() == 0; }
    explicit operator bool() const { return ok(); }

    const T &value() const &
    {
        throwIfFailed();
        return *std::get_if<0>(&m_state);
    }
    T &value() &
    {
        throwIfFailed();
        return *std::get_if<0>(&m_state);
    }
    T &&value() &&
    {
        throwIfFailed();
        return std::move(*std::get_if<0>(&m_state));
    }
    const T *operator->() const { return &value(); }
    T *operator->() { return &value(); }
    const T &operator*() const & { return value(); }
    T &operator*() & { return value(); }

    /// The refusal; only for a failed result (check ok() first).
    const Error &error() const { return *std::get_if<1>(&m_state); }

private:
    void throwIfFailed() const
    {
        if (const Error *failed = std::get_if<1>(&m_state))
            throw *failed;
    }

    std::variant<T, Error> m_state;
};

/// The value of a Result<void> that succeeded: `return Done{};`.
struct Done
{};

/// An operation that answers nothing but success or an Error.
template<>
class [[nodiscard]] Result<void>
{
public:
    Result(Done = {}) {}
    Result(Error error)
        : m_error(std::move(error))
    {}

    bool ok() const { return !m_error; }
    explicit operator bool() const { return ok(); }
    /// Throws the Error of a failed result (see Result<T>::value()).
    void value() const
    {
        if (m_error)
            throw *m_error;
    }
    /// The refusal; only for a failed result (check ok() first).
    const Error &error() const { return *m_error; }

private:
    std::optional<Error> m_error;
};

/// Runs `operation` and answers its value, or the Error it threw: the bridge from code that
/// throws inside transactions (`Database::transact`) to a service boundary that returns.
template<class F>
auto resultOf(F &&operation) -> Result<std::invoke_result_t<F>>
{
    try {
        if constexpr (std::is_void_v<std::invoke_result_t<F>>) {
            std::forward<F>(operation)();
            return Done{};
        } else {
            return std::forward<F>(operation)();
        }
    } catch (const Error &error) {
        return error;
    }
}

} // namespace boxoffice::server::domain
