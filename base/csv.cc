#include "base/csv.h"

#include <fmt/format.h>

namespace uirgrade {

std::string csv_field(std::string_view text) {
  std::string field(text);
  // OWASP's advice against CSV injection: a cell that starts like a formula is made text.
  // Spreadsheets skip leading spaces and tabs before reading a formula, so " =1+1" counts too.
  size_t first = field.find_first_not_of(" \t");
  if (first != std::string::npos && std::string_view("=+-@\r").find(field[first]) != std::string_view::npos)
    field = "'" + field;
  else if (!field.empty() && field[0] == '\t')
    field = "'" + field;
  bool needs_quotes = field.find_first_of(",\"\r\n") != std::string::npos ||
                      (!field.empty() && (field.front() == ' ' || field.back() == ' '));
  if (!needs_quotes) return field;
  std::string quoted = "\"";
  for (char ch : field) quoted += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return quoted + "\"";
}

std::string csv_row(const std::vector<std::string>& fields) {
  std::string row;
  for (size_t k = 0; k < fields.size(); ++k) row += (k ? "," : "") + fields[k];
  return row + "\r\n";
}

std::variant<std::vector<std::vector<std::string>>, std::string> parse_csv(std::string_view text) {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> row;
  std::string field;
  bool quoted = false, field_started = false;
  int line = 1;
  auto end_field = [&] {
    row.push_back(std::move(field));
    field.clear();
    field_started = false;
  };
  for (size_t k = 0; k < text.size(); ++k) {
    char ch = text[k];
    if (quoted) {
      if (ch == '"' && k + 1 < text.size() && text[k + 1] == '"') {
        field += '"';
        ++k;
      } else if (ch == '"') {
        quoted = false;
        if (k + 1 < text.size() && std::string_view(",\r\n").find(text[k + 1]) == std::string_view::npos)
          return fmt::format("line {}: text after a closing quote", line);
      } else {
        if (ch == '\n') ++line;
        field += ch;
      }
    } else if (ch == '"' && !field_started) {
      quoted = field_started = true;
    } else if (ch == '"') {
      return fmt::format("line {}: a quote inside an unquoted field", line);
    } else if (ch == ',') {
      end_field();
    } else if (ch == '\n' || ch == '\r') {
      if (ch == '\r' && k + 1 < text.size() && text[k + 1] == '\n') ++k;
      end_field();
      rows.push_back(std::move(row));
      row.clear();
      ++line;
    } else {
      field += ch;
      field_started = true;
    }
  }
  if (quoted) return fmt::format("line {}: a quoted field is not closed", line);
  if (field_started || !row.empty()) {
    end_field();
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace uirgrade
