# The fans' web shop's server side (issue 13): static files, gzip, sign-up and cookie sign-in,
# return URLs, ticket PDFs. Kept in one file so the list in CMakeLists.txt stays short.
find_package(ZLIB REQUIRED)
target_sources(boxoffice_server_lib PRIVATE
    auth/passwordpolicy.cpp auth/passwordpolicy.h
    db/orderreturnurls.cpp db/orderreturnurls.h
    db/ticketplaces.cpp db/ticketplaces.h
    domain/ticketpdfservice.cpp domain/ticketpdfservice.h
    http/gzip.cpp http/gzip.h
    http/jsoncompressor.cpp http/jsoncompressor.h
    http/sessioncookie.cpp http/sessioncookie.h
    http/ticketpdfcontroller.cpp http/ticketpdfcontroller.h
    http/webshop.cpp http/webshop.h
)
target_link_libraries(boxoffice_server_lib PUBLIC ZLIB::ZLIB)
# Where the web-ui build puts the shop; used when it exists and --web-dir is not given.
target_compile_definitions(boxoffice_server_lib PRIVATE
    BOXOFFICE_WEB_DIST_DIR="${CMAKE_BINARY_DIR}/web/dist")
qt_add_resources(boxoffice_server_lib "common_passwords" PREFIX "/auth" BASE auth
    FILES auth/common-passwords.txt)
