# Project-wide compile settings and small helpers shared by every target.

# Warnings for our own targets (not for third-party code).
function(boxoffice_target_defaults target)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow=local
        -Wno-missing-field-initializers)
    if(BOXOFFICE_WERROR)
        target_compile_options(${target} PRIVATE -Werror)
    endif()
    target_compile_definitions(${target} PRIVATE QT_NO_KEYWORDS
        QT_USE_QSTRINGBUILDER)
endfunction()

option(BOXOFFICE_TEST_STRIP_DEBUG "Link test programs without debug info" OFF)

if(BOXOFFICE_SANITIZE)
    add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer)
    add_link_options(-fsanitize=address,undefined)
endif()

# boxoffice_add_test(NAME tst_foo SOURCES a.cpp LIBS lib... LABELS unit [TIMEOUT s])
# One executable per unit, registered with ctest under its labels.
function(boxoffice_add_test)
    cmake_parse_arguments(T "" "NAME;TIMEOUT" "SOURCES;LIBS;LABELS" ${ARGN})
    add_executable(${T_NAME} ${T_SOURCES})
    boxoffice_target_defaults(${T_NAME})
    target_link_libraries(${T_NAME} PRIVATE Qt6::Test ${T_LIBS})
    if(BOXOFFICE_TEST_STRIP_DEBUG)
        # The ci preset compiles with -g1 for the packages' -dbgsym; tests need none of it, and
        # dropping it at link keeps linking ~80 test programs as cheap as with -g0.
        target_link_options(${T_NAME} PRIVATE -Wl,--strip-debug)
    endif()
    add_test(NAME ${T_NAME} COMMAND ${T_NAME})
    if(NOT T_TIMEOUT)
        set(T_TIMEOUT 300)
    endif()
    set_tests_properties(${T_NAME} PROPERTIES LABELS "${T_LABELS}" TIMEOUT ${T_TIMEOUT}
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;BOXOFFICE_SOURCE_DIR=${PROJECT_SOURCE_DIR};BOXOFFICE_BUILD_DIR=${PROJECT_BINARY_DIR}")
endfunction()
