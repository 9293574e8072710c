// CSV as RFC 4180 and spreadsheets read it: fields quoted when they hold a comma, a quote, a line
// end or edge spaces, quotes doubled. Used for the class roster (read) and the gradebook (written).
#pragma once

#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace uirgrade {

/// One field, quoted when it needs to be. A text field that a spreadsheet would take for a formula
/// (starting with = + - @ or a tab, also after leading spaces or tabs) gets a leading ' so that
/// opening the file runs nothing.
std::string csv_field(std::string_view text);

/// Fields joined by commas, ended by CRLF (RFC 4180's line end, which every importer accepts).
std::string csv_row(const std::vector<std::string>& fields);

/// The rows of `text` (a quoted field may span lines), or "line L: what is wrong".
std::variant<std::vector<std::vector<std::string>>, std::string> parse_csv(std::string_view text);

}  // namespace uirgrade
