// Test helpers for the linearizer: compile .uir text and look placed statements up by name.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/oracle.h"

namespace uir::testing {

/// Where one statement was placed: its position in the linear list, the step, and the loops open
/// while it runs (for an open: the loops around the new loop; for a close: those left after it).
struct Where {
  int position = -1;
  Step step = Step::Emit;
  std::vector<std::string> loops;
};

/// The linear list of a valid program, by statement name (a nameless assert as "assert@LINE").
class Trace {
 public:
  explicit Trace(std::string_view text, const PlantedBugs& bugs = {}) : compiled_(compile("t.uir", text, bugs)) {
    EXPECT_FALSE(compiled_.error.has_value())
        << (compiled_.error ? format_error(compiled_.program, *compiled_.error) : "");
    std::vector<std::string> open;
    int position = 0;
    for (const Placed& item : compiled_.linear.items) {
      const Stmt& stmt = compiled_.program.stmts[item.stmt];
      if (item.step == Step::Close) open.pop_back();
      std::string key = stmt.name.empty() ? "assert@" + std::to_string(stmt.line) : stmt.name;
      by_name_[key] = Where{position++, item.step, open};
      if (item.step == Step::Open) open.push_back(stmt.name);
      EXPECT_EQ(item.depth, static_cast<int>(open.size())) << key;
    }
  }

  bool placed(const std::string& name) const { return by_name_.count(name) > 0; }
  const Where& at(const std::string& name) const {
    auto it = by_name_.find(name);
    if (it == by_name_.end()) ADD_FAILURE() << name << " was not placed";
    return it == by_name_.end() ? missing_ : it->second;
  }
  int pos(const std::string& name) const { return at(name).position; }
  std::vector<std::string> loops(const std::string& name) const { return at(name).loops; }
  int count(Step step) const {
    int n = 0;
    for (const Placed& item : compiled_.linear.items) n += item.step == step;
    return n;
  }
  const Compiled& compiled() const { return compiled_; }

 private:
  Compiled compiled_;
  std::map<std::string, Where> by_name_;
  Where missing_;
};

using Loops = std::vector<std::string>;

/// The whole-program error of an invalid program (the test fails when it is valid).
inline Error error_of(std::string_view text) {
  Compiled compiled = compile("t.uir", text);
  EXPECT_TRUE(compiled.error.has_value()) << "expected an error in\n" << text;
  return compiled.error.value_or(Error{});
}

/// The line of `needle` in `text` (1-based): tests name lines by their content, not by number.
inline int line_of(std::string_view text, std::string_view needle) {
  int line = 1;
  size_t at = text.find(needle);
  for (size_t k = 0; k < at && at != std::string_view::npos; ++k) line += text[k] == '\n';
  return at == std::string_view::npos ? -1 : line;
}

}  // namespace uir::testing
