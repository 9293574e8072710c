// bench_probe_power: how many generated tests catch three independently written buggy compilers,
// per kind of generated test (valid, invalid, probe), and in how many of 20 seeds the week-3 plan's
// generated tests (its counts from suites/weeks.yaml, passed as arguments) catch each at least once.
// The bugs are simulated in-process from the oracle (each is a plausible student mistake that no
// catalogue mutant has):
//   lax-negative-product  the validator's interval of `mul` is [lo_a*lo_b, hi_a*hi_b] (right for
//                         non-negative operands only) and of `add` [lo_a+lo_b, hi_a+hi_b], so views
//                         and divisors reached through a product with a negative operand pass;
//   slots-in-slot-order   `run` assigns stdin's lines to the buffers in increasing slot order,
//                         ignoring the SLOT: prefix (right only when the grader sends that order);
//   f32-through-double    f32 text (literals and stdin) is read with strtod, then narrowed (spec §1
//                         says strtof: one rounding).
//   strict-parser         the parser needs spaces around `=` and `\n` line ends (spec §1 allows
//                         `%x=add ...` and `\r\n`);
//   refuses-sibling-edge  the linearizer refuses (E-LOAD-ORDER) sibling loops that only a
//                         load->store edge orders against their range lines (spec §5.3 allows them).
// It uses make_fuzz_tests, compute_expected and, for refuses-sibling-edge, the coverage table's
// clauses (testcase/clauses.h; an older tree without them measures "before" with that bug left out). Usage: bench_probe_power [N per kind] [plan valid] [plan invalid] [plan probe]
#include <bit>
#include <cstdio>
#include <functional>
#include <cstdlib>
#include <map>
#include <regex>
#include <sstream>
#include <string>

#include "generators/fuzz.h"
#include "oracle/intervals.h"
#include "oracle/oracle.h"
#include "oracle/print.h"
#include "testcase/clauses.h"
#include "testcase/compare.h"
#include "testcase/expected.h"

namespace {

using uirgrade::Expected;
using uirgrade::TestCase;

/// The naive interval of a product: right only when both operands are non-negative.
uir::Interval naive_mul(uir::Interval a, uir::Interval b) {
  int64_t lo = int64_t{a.lo} * b.lo, hi = int64_t{a.hi} * b.hi;
  if (lo < INT32_MIN || lo > INT32_MAX || hi < INT32_MIN || hi > INT32_MAX) return uir::kFullInterval;
  return {static_cast<int32_t>(lo), static_cast<int32_t>(hi)};
}

/// The student's add, end by end (the spec's hull for a well-formed interval; an inverted one from
/// naive_mul stays inverted).
uir::Interval naive_add(uir::Interval a, uir::Interval b) {
  int64_t lo = int64_t{a.lo} + b.lo, hi = int64_t{a.hi} + b.hi;
  if (lo < INT32_MIN || lo > INT32_MAX || hi < INT32_MIN || hi > INT32_MAX) return uir::kFullInterval;
  return {static_cast<int32_t>(lo), static_cast<int32_t>(hi)};
}

/// lax-negative-product: does the statement the oracle refuses pass with the naive product rule?
bool lax_mul_accepts(const Expected& expected) {
  const uir::Compiled& c = expected.compiled;
  if (!c.error || (c.error->rule != uir::Rule::Bounds && c.error->rule != uir::Rule::DivZero)) return false;
  const std::vector<uir::Stmt>& stmts = c.program.stmts;
  std::vector<std::optional<uir::Interval>> naive(stmts.size());
  for (size_t k = 0; k < stmts.size(); ++k) {
    const uir::Stmt& s = stmts[k];
    if (s.line == c.error->line) {
      auto of = [&](int operand) { return s.operands[operand].ref >= 0 ? naive[s.operands[operand].ref] : s.interval; };
      if (s.op == uir::Op::Shrink) {
        std::optional<uir::Interval> off = s.operands[1].ref >= 0 ? naive[s.operands[1].ref]
                                                                   : std::optional<uir::Interval>(uir::Interval{
                                                                         s.operands[1].literal.as_i32(), s.operands[1].literal.as_i32()});
        int32_t room = stmts[s.operands[0].ref].length;
        return off && off->lo >= 0 && int64_t{off->hi} + s.length <= room;
      }
      if (s.op == uir::Op::Idiv || s.op == uir::Op::Mod) {
        std::optional<uir::Interval> d = s.operands[1].ref >= 0 ? of(1) : std::nullopt;
        return d && !uir::contains_zero(*d);
      }
      return false;
    }
    if (!s.interval) continue;
    if (s.constant) {
      naive[k] = s.interval;
      continue;
    }
    std::vector<std::optional<uir::Interval>> ops;
    for (const uir::Operand& op : s.operands) {
      if (op.ref >= 0) ops.push_back(naive[op.ref]);
      else if (op.kind == uir::Operand::Kind::Literal && op.literal.dtype == uir::DType::I32)
        ops.push_back(uir::Interval{op.literal.as_i32(), op.literal.as_i32()});
      else ops.push_back(std::nullopt);
    }
    if (s.op == uir::Op::Mul && ops.size() == 2 && ops[0] && ops[1]) naive[k] = naive_mul(*ops[0], *ops[1]);
    else if (s.op == uir::Op::Add && ops.size() == 2 && ops[0] && ops[1]) naive[k] = naive_add(*ops[0], *ops[1]);
    else if (s.op == uir::Op::Load || s.op == uir::Op::Call || s.op == uir::Op::Param) naive[k] = uir::kFullInterval;
    else {
      uir::DType from = s.operands.empty() || s.operands[0].ref < 0 ? uir::DType::I32 : stmts[s.operands[0].ref].dtype;
      naive[k] = uir::result_interval(s.op, ops, from);
    }
  }
  return false;
}

/// Runs `program` on stdin as a buggy reader reads it and says whether the outcome differs.
bool differs(const TestCase& test, const Expected& expected, const std::string& program,
             const std::function<std::optional<std::vector<uir::SlotData>>(const std::vector<uir::SlotSpec>&)>& read) {
  if (expected.exit_code == 2) return false;
  uir::Compiled compiled = uir::compile("prog.uir", program);
  if (compiled.error) return true;
  std::optional<std::vector<uir::SlotData>> data = read(uir::slot_specs(compiled.program));
  if (!data) return true;  // the student's reader fails: a crash
  uir::RunResult r = uir::run(compiled, *data);
  if (r.exit_code != expected.exit_code) return true;
  if (r.exit_code == 1 && r.failed_assert_line != expected.run.failed_assert_line) return true;
  return uirgrade::compare_buffers(expected.run.buffers, r.buffers, test.check_slots, test.tolerance).has_value();
}

std::vector<std::vector<std::string>> stdin_lines(const std::string& text) {
  std::vector<std::vector<std::string>> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line.substr(line.find(':') + 1));
    std::vector<std::string> tokens;
    for (std::string w; words >> w;) tokens.push_back(w);
    lines.push_back(tokens);
  }
  return lines;
}

uint32_t word_of(uir::DType dtype, const std::string& token, bool through_double) {
  if (dtype == uir::DType::I32) return static_cast<uint32_t>(std::strtol(token.c_str(), nullptr, 10));
  float f = through_double ? static_cast<float>(std::strtod(token.c_str(), nullptr)) : std::strtof(token.c_str(), nullptr);
  return std::bit_cast<uint32_t>(f);
}

bool slots_in_slot_order(const TestCase& test, const Expected& expected) {
  return differs(test, expected, test.source, [&](const std::vector<uir::SlotSpec>& specs) -> std::optional<std::vector<uir::SlotData>> {
    auto lines = stdin_lines(expected.input_text);
    if (lines.size() != specs.size()) return std::nullopt;
    std::vector<uir::SlotData> data;
    for (size_t k = 0; k < specs.size(); ++k) {
      if (lines[k].size() != static_cast<size_t>(specs[k].length)) return std::nullopt;
      uir::SlotData d{specs[k].slot, specs[k].dtype, {}};
      for (const std::string& t : lines[k]) d.words.push_back(word_of(specs[k].dtype, t, false));
      data.push_back(d);
    }
    return data;
  });
}

bool f32_through_double(const TestCase& test, const Expected& expected) {
  // Literals: each f32 literal token replaced by what strtod-then-narrow makes of it.
  static const std::regex literal(R"((^|[ ])(-?[0-9]+\.[0-9]*([eE][+-]?[0-9]+)?)(?=$|[ \r]))");
  std::string program;
  std::istringstream in(test.source);
  for (std::string line; std::getline(in, line);) {
    std::string out;
    auto begin = std::sregex_iterator(line.begin(), line.end(), literal);
    size_t at = 0;
    for (auto it = begin; it != std::sregex_iterator(); ++it) {
      size_t pos = static_cast<size_t>((*it).position(2));
      out += line.substr(at, pos - at);
      std::string token = (*it)[2];
      out += line[0] == '#' ? token : uir::f32_literal_text(static_cast<float>(std::strtod(token.c_str(), nullptr)));
      at = pos + token.size();
    }
    program += out + line.substr(at) + "\n";
  }
  return differs(test, expected, program, [&](const std::vector<uir::SlotSpec>& specs) -> std::optional<std::vector<uir::SlotData>> {
    std::vector<uir::SlotData> data;
    std::istringstream lines(expected.input_text);
    std::map<int, std::vector<std::string>> by_slot;
    for (std::string line; std::getline(lines, line);) {
      std::istringstream words(line.substr(line.find(':') + 1));
      for (std::string w; words >> w;) by_slot[std::atoi(line.c_str())].push_back(w);
    }
    for (const uir::SlotSpec& spec : specs) {
      uir::SlotData d{spec.slot, spec.dtype, {}};
      for (const std::string& t : by_slot[spec.slot]) d.words.push_back(word_of(spec.dtype, t, true));
      if (d.words.size() != static_cast<size_t>(spec.length)) return std::nullopt;
      data.push_back(d);
    }
    return data;
  });
}

/// refuses-sibling-load-edge: the compiler reports E-LOAD-ORDER when a sibling loop must open before
/// one whose range is declared earlier and nothing but a load->store edge says so (no data path
/// from the loop opened first into the other). Caught by a valid test whose oracle order has such a
/// pair of siblings: the coverage table's linearizer clause (testcase/clauses.h), read off the same
/// linear list, so the bench and the table cannot disagree on what such a pair is.
bool refuses_sibling_load_edge(const TestCase&, const Expected& expected) {
  if (expected.exit_code == 2) return false;
  return uirgrade::clauses_of(expected.compiled).count("linearizer/siblings-ordered-by-load-store-edge") > 0;
}

/// strict-parser: a hand-written parser that splits a statement on " = " and on '\n' only, so
/// `%x=add ...` (spec §1: spaces around = are optional) and `\r\n` line ends make it refuse the
/// program (exit 2). Caught by a test the oracle runs (exit 0 or 1) that uses either spelling.
bool strict_parser(const TestCase& test, const Expected& expected) {
  if (expected.exit_code == 2) return false;
  static const std::regex tight(R"((^|\n) *%[A-Za-z0-9_.]+=)");
  return test.source.find('\r') != std::string::npos || std::regex_search(test.source, tight);
}

struct Bug {
  const char* name;
  bool (*caught)(const TestCase&, const Expected&);
};
const Bug kBugs[] = {
    {"lax-negative-product", [](const TestCase&, const Expected& e) { return lax_mul_accepts(e); }},
    {"slots-in-slot-order", slots_in_slot_order},
    {"f32-through-double", f32_through_double},
    {"refuses-sibling-edge", refuses_sibling_load_edge},
    {"strict-parser", strict_parser},
};

/// For each bug, how many of `tests` catch it.
std::vector<int> catches(const std::vector<TestCase>& tests, uint64_t seed) {
  std::vector<int> out(std::size(kBugs));
  for (const TestCase& test : tests) {
    auto computed = uirgrade::compute_expected(test, seed);
    if (!std::holds_alternative<Expected>(computed)) continue;
    const Expected& expected = std::get<Expected>(computed);
    for (size_t b = 0; b < std::size(kBugs); ++b) out[b] += kBugs[b].caught(test, expected) ? 1 : 0;
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 200;
  std::map<std::string, int> plan = {{"valid", argc > 2 ? std::atoi(argv[2]) : 20},
                                     {"invalid", argc > 3 ? std::atoi(argv[3]) : 10},
                                     {"probe", argc > 4 ? std::atoi(argv[4]) : 40}};
  std::printf("bench_probe_power: %d generated week-3 tests per kind, seed 1\n", n);
  std::printf("  %-8s %6s", "kind", "tests");
  for (const Bug& b : kBugs) std::printf(" %21s", b.name);
  std::printf("\n");
  for (const char* kind : {"valid", "invalid", "probe"}) {
    std::vector<TestCase> tests = uirgen::make_fuzz_tests(3, {{kind, n}}, 1);
    std::vector<int> c = catches(tests, 1);
    std::printf("  %-8s %6zu", kind, tests.size());
    for (int x : c) std::printf(" %21d", x);
    std::printf("\n");
  }
  std::printf("the plan's generated tests (valid %d, invalid %d, probe %d), seeds 1..20: seeds where a test catches the bug\n",
              plan["valid"], plan["invalid"], plan["probe"]);
  std::vector<int> seeds_caught(std::size(kBugs));
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    std::vector<int> c = catches(uirgen::make_fuzz_tests(3, plan, seed), seed);
    for (size_t b = 0; b < c.size(); ++b) seeds_caught[b] += c[b] > 0 ? 1 : 0;
  }
  for (size_t b = 0; b < std::size(kBugs); ++b) std::printf("  %-22s %2d / 20\n", kBugs[b].name, seeds_caught[b]);
  return 0;
}
