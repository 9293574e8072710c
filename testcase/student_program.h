// What the compiler under test receives (spec §7): the test's program with its whole leading comment
// block blanked, so that no header or free-text comment (expected values, rules, assert lines, loop
// counts, hand-worked answers) reaches the student, while every line number stays the same.
#pragma once

#include <string>
#include <string_view>

namespace uirgrade {

/// The text handed to the student's `run` and `render`: every line before the first statement
/// (comment lines, and blank or whitespace-only lines) becomes an empty line, its line ending kept
/// (`\n` or `\r\n`); from the first statement on, the text is unchanged, comments included.
std::string student_program(std::string_view test_file_text);

}  // namespace uirgrade
