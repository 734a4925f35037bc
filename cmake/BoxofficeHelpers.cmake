# SPDX-License-Identifier: GPL-3.0-or-later
# Project-wide compile settings and small helpers shared by every target.

# Warnings for our own targets (not for third-party code).
function(boxoffice_target_defaults target)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic
        -Wno-missing-field-initializers)
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
        target_compile_options(${target} PRIVATE -Wshadow=local) # GCC's spelling only
    endif()
    if(BOXOFFICE_WERROR)
        target_compile_options(${target} PRIVATE -Werror)
    endif()
    target_compile_definitions(${target} PRIVATE QT_NO_KEYWORDS
        QT_USE_QSTRINGBUILDER)
endfunction()

option(BOXOFFICE_TEST_STRIP_DEBUG "Link test programs without debug info" OFF)

# Sanitizers. Any report fails the test: UBSan aborts instead of printing and going on.
# BOXOFFICE_FUZZ (clang only) also instruments every library for libFuzzer (fuzzer-no-link:
# programs that are not fuzz targets link and run as usual); only the targets in tests/fuzz
# link libFuzzer's main (-fsanitize=fuzzer).
if(BOXOFFICE_FUZZ)
    if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
        message(FATAL_ERROR "BOXOFFICE_FUZZ needs clang (cmake --preset fuzz)")
    endif()
    add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer
        -fno-sanitize-recover=all)
    add_link_options(-fsanitize=address,undefined)
elseif(BOXOFFICE_SANITIZE)
    add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer
        -fno-sanitize-recover=all)
    add_link_options(-fsanitize=address,undefined)
endif()

if(BOXOFFICE_TSAN)
    add_compile_options(-fsanitize=thread -fno-omit-frame-pointer)
    add_link_options(-fsanitize=thread)
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
