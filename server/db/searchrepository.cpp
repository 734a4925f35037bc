// SPDX-License-Identifier: GPL-3.0-or-later
#include "searchrepository.h"

#include "statement.h"

namespace boxoffice::server::db {

namespace {

constexpr const char *kTake
    = "SELECT id, event_id::text FROM outbox WHERE projected_at IS NULL AND kind LIKE 'event.%'"
      " AND txid < pg_snapshot_xmin(pg_current_snapshot()) ORDER BY txid, id LIMIT $1"
      " FOR UPDATE";
// Words are unaccented and lower-cased once here, so queries compare like with like.
constexpr const char *kUpsert
    = "INSERT INTO event_search (event_id, starts_at, category, lat, lng, words, document)"
      " SELECT e.id, e.starts_at, e.category, v.lat, v.lng, w.words,"
      "   setweight(to_tsvector('simple', boxoffice_unaccent(lower(e.title))), 'A')"
      "   || setweight(to_tsvector('simple', w.artists), 'A')"
      "   || setweight(to_tsvector('simple', boxoffice_unaccent(lower(v.name || ' ' || v.city))),"
      "      'B')"
      " FROM events e JOIN venues v ON v.id = e.venue_id,"
      " LATERAL (SELECT boxoffice_unaccent(lower(coalesce(string_agg(a.name, ' '), ''))) AS artists"
      "   FROM event_artists ea JOIN artists a ON a.id = ea.artist_id WHERE ea.event_id = e.id) x,"
      " LATERAL (SELECT boxoffice_unaccent(lower(e.title || ' ' || x.artists || ' ' || v.name"
      "   || ' ' || v.city)) AS words, x.artists) w"
      " WHERE e.id = $1::uuid AND e.cancelled_at IS NULL"
      " ON CONFLICT (event_id) DO UPDATE SET starts_at = EXCLUDED.starts_at,"
      " category = EXCLUDED.category, lat = EXCLUDED.lat, lng = EXCLUDED.lng,"
      " words = EXCLUDED.words, document = EXCLUDED.document, updated_at = now()";
// A cancelled event leaves the fans' search (the back office lists it on its own).
constexpr const char *kDropCancelled
    = "DELETE FROM event_search s USING events e WHERE s.event_id = $1::uuid AND e.id = s.event_id"
      " AND e.cancelled_at IS NOT NULL";
constexpr const char *kMark = "UPDATE outbox SET projected_at = now() WHERE id = ANY($1::bigint[])";

// The filters besides the text ($2 category, $3/$4 dates, $5-$7 place, $8/$9 the cursor).
#define SEARCH_FILTERS \
    " AND ($2 = '' OR s.category = $2)" \
    " AND ($3::timestamptz IS NULL OR s.starts_at >= $3::timestamptz)" \
    " AND ($4::timestamptz IS NULL OR s.starts_at < $4::timestamptz)" \
    " AND ($5::float8 IS NULL OR (s.lat IS NOT NULL AND s.lng IS NOT NULL" \
    "   AND earth_box(ll_to_earth($5::float8, $6::float8), $7::float8) @> ll_to_earth(s.lat, " \
    "s.lng)" \
    "   AND earth_distance(ll_to_earth($5::float8, $6::float8), ll_to_earth(s.lat, s.lng))" \
    "       <= $7::float8))" \
    " AND ($8::timestamptz IS NULL OR (s.starts_at, s.event_id) > ($8::timestamptz, $9::uuid))"

// Full-text match, or a typo-tolerant trigram match on the words of the event (`%>`: word
// similarity at least pg_trgm.word_similarity_threshold, 0.5 here). Each branch is found
// through its GIN index, so the work follows the matches; an OR of the two in one WHERE (as
// before) walked every event in date order computing word_similarity (EXPLAIN in
// docs/web-shop.md).
const Statement
    kSearchText{"event_search_text",
                "WITH q AS (SELECT boxoffice_unaccent(lower($1)) AS text)"
                " SELECT h.event_id::text, to_char(h.starts_at AT TIME ZONE 'UTC',"
                "   'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"') FROM ("
                "   SELECT s.event_id, s.starts_at FROM event_search s, q"
                "   WHERE s.document @@ plainto_tsquery('simple', q.text)" SEARCH_FILTERS
                "   UNION SELECT s.event_id, s.starts_at FROM event_search s, q"
                "   WHERE s.words %> q.text" SEARCH_FILTERS ") h"
                " ORDER BY h.starts_at, h.event_id LIMIT $10"};
// No text: events in date order ($1 is unused but keeps one parameter list).
const Statement kSearchAll{"event_search_all",
                           "SELECT s.event_id::text, to_char(s.starts_at AT TIME ZONE 'UTC',"
                           "   'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"')"
                           " FROM event_search s WHERE $1::text IS NOT NULL" SEARCH_FILTERS
                           " ORDER BY s.starts_at, s.event_id LIMIT $10"};
const Statement
    kTrigramThreshold{"event_search_threshold",
                      "SELECT set_config('pg_trgm.word_similarity_threshold', '0.5', true)"};

std::optional<std::string> timestamp(const std::optional<QDateTime> &value)
{
    if (!value)
        return std::nullopt;
    return value->toUTC().toString(Qt::ISODateWithMs).toStdString();
}

} // namespace

SearchProjector::SearchProjector(const std::string &url)
    : m_pq(std::make_unique<PqConnection>(url))
{}

SearchProjector::~SearchProjector() = default;

int SearchProjector::projectBatch(int limit)
{
    pqxx::work work(m_pq->connection);
    const pqxx::result rows = work.exec_params(kTake, limit);
    if (rows.empty())
        return 0;
    std::string ids = "{";
    for (const auto &row : rows) {
        if (ids.size() > 1)
            ids += ',';
        ids += row[0].c_str();
        if (!row[1].is_null()) {
            work.exec_params(kUpsert, row[1].c_str());
            work.exec_params(kDropCancelled, row[1].c_str());
        }
    }
    ids += '}';
    work.exec_params(kMark, ids);
    work.commit();
    return int(rows.size());
}

double SearchProjector::lagSeconds()
{
    pqxx::nontransaction work(m_pq->connection);
    return work
        .exec("SELECT coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8"
              " FROM outbox WHERE projected_at IS NULL AND kind LIKE 'event.%'")[0][0]
        .as<double>();
}

std::vector<SearchHit> SearchRepository::search(Tx &tx, const EventSearch &query)
{
    std::vector<SearchHit> hits;
    const std::optional<std::string> after = query.after ? timestamp(query.after->startsAt)
                                                         : std::nullopt;
    const std::optional<std::string> afterId = after ? std::optional(str(query.after->eventId))
                                                     : std::nullopt;
    const bool byText = !query.text.trimmed().isEmpty();
    if (byText)
        exec(tx, kTrigramThreshold);
    for (const auto &row : exec(tx,
                                byText ? kSearchText : kSearchAll,
                                str(query.text),
                                str(query.category),
                                timestamp(query.from),
                                timestamp(query.to),
                                query.lat,
                                query.lng,
                                query.radiusKm * 1000.0,
                                after,
                                afterId,
                                query.limit + 1))
        hits.push_back({qstr(row[0]), QDateTime::fromString(qstr(row[1]), Qt::ISODateWithMs)});
    return hits;
}

} // namespace boxoffice::server::db
