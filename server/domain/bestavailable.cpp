// SPDX-License-Identifier: GPL-3.0-or-later
#include "bestavailable.h"

#include <algorithm>

namespace boxoffice::server::domain {

namespace {

struct Candidate
{
    int orphans = 0;
    double rank = 0;
    QStringList seats;
};

// Length of the run of free seats that ends just before `index` (walking left) in one row.
int freeRunLeft(const QList<SectionSeat> &row, int index)
{
    int run = 0;
    for (int i = index - 1; i >= 0 && row[i].free; --i)
        ++run;
    return run;
}

int freeRunRight(const QList<SectionSeat> &row, int index)
{
    int run = 0;
    for (int i = index; i < row.size() && row[i].free; ++i)
        ++run;
    return run;
}

} // namespace

QList<QStringList> bestAvailableCandidates(const QList<SectionSeat> &seats,
                                           int quantity,
                                           int maxCandidates)
{
    QList<Candidate> candidates;
    if (quantity <= 0)
        return {};
    // Split into rows (input is sorted by row, then seat).
    QList<QList<SectionSeat>> rows;
    for (const SectionSeat &seat : seats) {
        if (rows.isEmpty() || rows.last().first().rowIndex != seat.rowIndex)
            rows.append(QList<SectionSeat>{});
        rows.last().append(seat);
    }
    for (const auto &row : rows) {
        for (int start = 0; start + quantity <= row.size(); ++start) {
            bool allFree = true;
            double rank = 0;
            for (int i = start; i < start + quantity && allFree; ++i) {
                // Adjacent means consecutive positions with no gap in the seat numbering.
                allFree = row[i].free
                          && (i == start || row[i].seatIndex == row[i - 1].seatIndex + 1);
                rank += row[i].rank;
            }
            if (!allFree)
                continue;
            Candidate candidate;
            candidate.orphans = int(freeRunLeft(row, start) == 1)
                                + int(freeRunRight(row, start + quantity) == 1);
            candidate.rank = rank / quantity;
            for (int i = start; i < start + quantity; ++i)
                candidate.seats.append(row[i].id);
            candidates.append(std::move(candidate));
        }
    }
    std::stable_sort(candidates.begin(),
                     candidates.end(),
                     [](const Candidate &a, const Candidate &b) {
                         return a.orphans != b.orphans ? a.orphans < b.orphans : a.rank < b.rank;
                     });
    QList<QStringList> out;
    for (const Candidate &candidate : candidates) {
        if (out.size() >= maxCandidates)
            break;
        out.append(candidate.seats);
    }
    if (out.isEmpty()) {
        // No block in one row: the best free seats wherever they are.
        QList<SectionSeat> free;
        std::copy_if(seats.begin(), seats.end(), std::back_inserter(free), [](const SectionSeat &s) {
            return s.free;
        });
        if (free.size() >= quantity) {
            std::stable_sort(free.begin(),
                             free.end(),
                             [](const SectionSeat &a, const SectionSeat &b) {
                                 return a.rank < b.rank;
                             });
            QStringList picked;
            for (int i = 0; i < quantity; ++i)
                picked.append(free[i].id);
            out.append(picked);
        }
    }
    return out;
}

} // namespace boxoffice::server::domain
