// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

#include <algorithm>
#include <utility>
#include <vector>

namespace boxoffice::server::ws {

/// A few values by name in a plain list, for what one connection keeps per subscribed map (a
/// watcher has at most four): a QHash's first insert allocates a span of slots costing over 2 KiB,
/// which for 100,000 idle connections is 200 MiB of nothing.
template<class Value>
class FlatMap
{
public:
    using Entry = std::pair<QString, Value>;

    /// The value of `key`, or null.
    Value *find(const QString &key)
    {
        const auto it = std::find_if(m_entries.begin(), m_entries.end(), [&key](const Entry &e) {
            return e.first == key;
        });
        return it == m_entries.end() ? nullptr : &it->second;
    }
    bool contains(const QString &key) const
    {
        return std::any_of(m_entries.begin(), m_entries.end(), [&key](const Entry &e) {
            return e.first == key;
        });
    }
    /// The value of `key`, added (default) when absent.
    Value &operator[](const QString &key)
    {
        if (Value *value = find(key))
            return *value;
        return m_entries.emplace_back(key, Value{}).second;
    }
    void remove(const QString &key)
    {
        std::erase_if(m_entries, [&key](const Entry &e) { return e.first == key; });
        if (m_entries.empty())
            m_entries.shrink_to_fit();
    }
    bool isEmpty() const { return m_entries.empty(); }
    qsizetype size() const { return qsizetype(m_entries.size()); }
    QStringList keys() const
    {
        QStringList out;
        out.reserve(size());
        for (const Entry &e : m_entries)
            out.append(e.first);
        return out;
    }
    auto begin() { return m_entries.begin(); }
    auto end() { return m_entries.end(); }

private:
    std::vector<Entry> m_entries;
};

} // namespace boxoffice::server::ws
