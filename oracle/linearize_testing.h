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
  explicit Trace(std::string_view text, const OracleVariant& variant = OracleVariant::reference())
      : compiled_(compile("t.uir", text, variant)) {
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

/// Lesson 3.1's nest: %j is closed first, so it is the inner loop; %i3 runs in %i only.
constexpr std::string_view kLessonNest =
    "%b = buffer 6 dtype=i32 slot=0\n"
    "%i = range 2\n"
    "%j = range 3\n"
    "%i3 = mul %i 3   # i*3: outside the j loop\n"
    "%o = add %i3 %j\n"
    "%v = shrink %b %o shape=[]\n"
    "%s = store %v %o\n"
    "%ej = end %s %j\n"
    "%ei = end %ej %i\n"
    "%b1 = after %b %ei\n";

/// %k3 names only %k but runs inside %i, %j and %k (the book's "k*3 inside i, j, k", §5.5): valid,
/// but the book's attempt (a), exact scope matching, never finds the loops open that %k3 names.
constexpr std::string_view kSkipsTheMiddleLoops =
    "%b = buffer 24 dtype=i32 slot=0\n"
    "%i = range 2\n"
    "%j = range 3\n"
    "%k = range 4\n"
    "%k3 = mul %k 3\n"  // line 5
    "%i12 = mul %i 12\n"
    "%o = add %i12 %k3\n"
    "%oj = add %o %j\n"
    "%v = shrink %b %oj shape=[]\n"
    "%s = store %v %oj\n"
    "%ek = end %s %k\n"
    "%ej = end %ek %j\n"
    "%ei = end %ej %i\n"
    "%b1 = after %b %ei\n";

/// Loop %i (range line first) reads B1, which only loop %j's end makes: %j must open first (spec §5.3),
/// while the book's attempt (b), siblings in range-line order, opens %i first.
constexpr std::string_view kReadThroughEnd =
    "%A  = buffer 4 dtype=i32 slot=0\n"  // 0
    "%B  = buffer 4 dtype=i32 slot=1\n"  // 1
    "%i  = range 4\n"                    // 2
    "%j  = range 4\n"                    // 3
    "%vb = shrink %B %j shape=[]\n"
    "%sb = store %vb 5\n"
    "%eb = end %sb %j\n"
    "%B1 = after %B %eb\n"
    "%rb = shrink %B1 %i shape=[]\n"
    "%x  = load %rb\n"
    "%va = shrink %A %i shape=[]\n"
    "%sa = store %va %x\n"
    "%ea = end %sa %i\n"
    "%A1 = after %A %ea\n";

/// Line 11's load reads %A at an offset computed from A1, which exists only after line 4's store
/// overwrote %A: E-LOAD-ORDER (spec §4.1).
constexpr std::string_view kLoadDependsOnStore =
    "%A  = buffer 4 dtype=i32 slot=0\n"
    "%O  = buffer 1 dtype=i32 slot=1\n"
    "%va = shrink %A 0 shape=[]\n"
    "%sa = store %va 2\n"  // line 4
    "%A1 = after %A %sa\n"
    "%r1 = shrink %A1 0 shape=[]\n"
    "%n  = load %r1\n"
    "%p  = max %n 0\n"
    "%q  = mod %p 4\n"
    "%rv = shrink %A %q shape=[]\n"
    "%x  = load %rv\n"  // line 11
    "%vo = shrink %O 0 shape=[]\n"
    "%so = store %vo %x\n"
    "%O1 = after %O %so\n";

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

/// The error of an invalid program, which must be `rule` at the line holding `at`.
inline Error error_at(std::string_view text, Rule rule, std::string_view at) {
  Error error = error_of(text);
  EXPECT_EQ(error.rule, rule) << text;
  EXPECT_EQ(error.line, line_of(text, at)) << error.message;
  return error;
}

}  // namespace uir::testing
