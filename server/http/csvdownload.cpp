// SPDX-License-Identifier: GPL-3.0-or-later
#include "csvdownload.h"

#include "chunkedstream.h"

#include <stdexcept>

namespace boxoffice::server::http {

StreamWork csvDownload(const QByteArray &filename, const QByteArray &header, CsvProducer rows)
{
    StreamWork work;
    work.headers = {{"Content-Type", "text/csv; charset=utf-8; header=present"},
                    {"Content-Disposition", "attachment; filename=\"" + filename + '"'},
                    {"Cache-Control", "no-store"}};
    work.produce = [header, rows = std::move(rows)](ChunkedStream &out) {
        if (!out.push(header))
            return;
        bool open = true;
        rows([&](const QByteArray &lines) {
            open = out.push(lines);
            return open;
        });
        if (!open)
            throw std::runtime_error("the client stopped reading");
    };
    return work;
}

} // namespace boxoffice::server::http
