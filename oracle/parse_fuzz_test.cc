// Property tests: the parser and validator never crash or hang and never accept garbage, on random
// bytes, on random lines of .uir tokens, and on valid programs with random mutations (a deleted
// token, two swapped lines, a huge literal). "Never accept garbage" is checked two ways: mutations
// that must break a program are always rejected, and whatever is accepted must satisfy invariants
// that this file checks on its own, without the validator's code (every line became a statement,
// names point backwards, every view fits, one store per version, one end per range, ...).
// RapidCheck prints the seed of a failing run; RC_PARAMS="seed=N" replays it.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "oracle/text_lines_testing.h"
#include "oracle/validator_testing.h"

namespace uir {
namespace {

using testing::lines_of;

std::string join_lines(const std::vector<std::string>& source) {
  std::string text;
  for (const std::string& line : source) text += line + "\n";
  return text;
}

/// Lines that are neither blank nor only a comment.
int meaningful_lines(const Program& program) {
  int count = 0;
  for (std::string_view line : program.lines) {
    std::string_view code = line.substr(0, line.find('#'));
    if (code.find_first_not_of(" \t") != std::string::npos) ++count;
  }
  return count;
}

/// Invariants of an accepted program, checked from the spec without the validator's code. Returns
/// the first one broken, or "".
std::string broken_invariant(const Program& program) {
  int statement_lines = static_cast<int>(program.stmts.size());
  for (const Function& f : program.funcs) {
    statement_lines += 2 + static_cast<int>(f.body.size()) - f.num_params;  // header, body, `}`
    if (f.body.empty() || f.body.back().op != Op::Ret) return f.name + " does not end with ret";
  }
  if (statement_lines != meaningful_lines(program)) return "a line was dropped";

  std::set<int32_t> stored_versions, ended_ranges;
  std::set<std::string> names;
  for (size_t k = 0; k < program.stmts.size(); ++k) {
    const Stmt& s = program.stmts[k];
    if (!s.name.empty() && !names.insert(s.name).second) return s.name + " defined twice";
    if (!std::is_sorted(s.open_ranges.begin(), s.open_ranges.end())) return "open ranges unsorted";
    for (const Operand& o : s.operands) {
      if (o.kind == Operand::Kind::Literal && o.literal_overflow) return "an overflowing literal";
      if (o.kind == Operand::Kind::Ref && (o.ref < 0 || o.ref >= static_cast<int>(k))) return "a forward reference";
      if (o.kind == Operand::Kind::Ref && program.stmts[o.ref].kind == Kind::Effect && s.op != Op::After &&
          s.op != Op::End)
        return "an effect consumed by " + std::string(op_info(s.op).spelling);
    }
    auto ref = [&](size_t i) -> const Stmt& { return program.stmts[s.operands[i].ref]; };
    switch (s.op) {
      case Op::Buffer:
      case Op::Alloc:
        if (s.length < 1 || s.length > (1 << 24) || s.dtype == DType::Bool) return "bad memory";
        break;
      case Op::Shrink: {
        const Operand& off = s.operands[1];
        if (off.kind == Operand::Kind::Literal &&
            (off.literal.as_i32() < 0 || int64_t{off.literal.as_i32()} + s.shape > ref(0).length))
          return "a literal view out of bounds";
        if (ref(0).kind != Kind::Memory && ref(0).kind != Kind::View) return "a shrink of a value";
        break;
      }
      case Op::Load:
      case Op::Store:
        if (ref(0).kind != Kind::View || ref(0).length != 1) return "not a one-element view";
        if (s.op == Op::Store && !stored_versions.insert(s.version).second) return "two stores into a version";
        break;
      case Op::Idiv:
      case Op::Mod:
        if (s.operands[1].kind == Operand::Kind::Literal && s.operands[1].literal.as_i32() == 0) return "division by 0";
        break;
      case Op::Assert:
        if (!s.open_ranges.empty()) return "an assert in a loop";
        break;
      case Op::End: {
        int32_t r = s.operands.back().ref;
        if (program.stmts[r].op != Op::Range || !ended_ranges.insert(r).second) return "a bad end";
        for (size_t i = 0; i + 1 < s.operands.size(); ++i)
          if (!std::binary_search(ref(i).open_ranges.begin(), ref(i).open_ranges.end(), r)) return "an unused end";
        break;
      }
      case Op::After:
        if (ref(0).kind != Kind::Memory || ref(1).kind != Kind::Effect) return "a bad after";
        break;
      default: break;
    }
  }
  return "";
}

/// Parses and validates; on acceptance, the invariants must hold.
bool accepted_and_sound(const std::string& text) {
  testing::Checked c = testing::check_text(text);
  if (c.error) {
    RC_ASSERT(c.error->line >= 1);
    RC_ASSERT(c.error->line <= std::max<int>(1, static_cast<int>(c.program.lines.size())));
    return false;
  }
  std::string broken = broken_invariant(c.program);
  if (!broken.empty()) RC_FAIL("accepted, but " + broken);
  return true;
}

const std::vector<std::string> kValidPrograms = {
    testing::lines({"%b = buffer 4 dtype=i32 slot=0", "%i = range 4", "%sq = mul %i %i", "%v = shrink %b %i shape=[]",
                    "%s = store %v %sq", "%e = end %s %i", "%b1 = after %b %e"}),
    testing::lines({"%b = buffer 6 dtype=i32 slot=0", "%i = range 2", "%j = range 3", "%i3 = mul %i 3",
                    "%o = add %i3 %j", "%v = shrink %b %o shape=[]", "%s = store %v %o", "%ej = end %s %j",
                    "%ei = end %ej %i", "%b1 = after %b %ei"}),
    testing::lines({"%in = buffer 5 dtype=i32 slot=0", "%out = buffer 5 dtype=i32 slot=1", "%i = range 5",
                    "%m = mul %i -1", "%r = add %m 4", "%vi = shrink %in %r shape=[]", "%x = load %vi",
                    "%vo = shrink %out %i shape=[]", "%s = store %vo %x", "%e = end %s %i", "%out1 = after %out %e"}),
    testing::lines({"func @poly(%x: f32, %k: i32) -> f32 {", "  %x2 = mul %x %x", "  %r = add %x2 1.0", "  ret %r",
                    "}", "%y = call @poly 3.0 7", "%c = cmplt %y 11.0", "assert %c", "%d = idiv 7 2",
                    "%m = mod %d 3"}),
    testing::lines({"%C = buffer 4 dtype=i32 slot=0", "%i = range 4", "%vc = shrink %C %i shape=[]",
                    "%reset = store %vc 0", "%C1 = after %C %reset", "%k = range 3", "%vk = shrink %C1 %i shape=[]",
                    "%cur = load %vk", "%sum = add %cur %k", "%acc = store %vk %sum", "%end_k = end %acc %k",
                    "%end_i = end %end_k %i", "%C2 = after %C %end_i"}),
};

rc::Gen<std::string> token_soup_line() {
  static const std::vector<std::string> ops = {"const", "add", "mul", "max", "idiv", "mod", "cmplt", "cmpeq",
                                               "where", "cast", "sqrt", "assert", "call", "buffer", "alloc",
                                               "shrink", "load", "store", "after", "range", "end", "ret"};
  static const std::vector<std::string> operands = {"%a", "%b", "%c", "%d", "%e", "0", "1", "4", "-1", "2.0",
                                                    "true", "99999999999", "16777217", "@f", "nan"};
  static const std::vector<std::string> attrs = {"dtype=i32", "dtype=f32", "dtype=bool", "slot=0", "slot=1",
                                                 "shape=[]", "shape=[2]"};
  static const std::vector<std::string> whole = {"func @f(%a: i32) -> i32 {", "}", "ret %a", "# comment", ""};
  return rc::gen::oneOf(
      rc::gen::elementOf(whole),
      rc::gen::apply(
          [](std::string name, std::string op, std::vector<std::string> args, std::vector<std::string> attr_list) {
            std::string line = name.empty() ? op : name + " = " + op;
            for (const std::string& a : args) line += " " + a;
            for (const std::string& a : attr_list) line += " " + a;
            return line;
          },
          rc::gen::elementOf(std::vector<std::string>{"", "%a", "%b", "%c", "%d", "%e"}), rc::gen::elementOf(ops),
          rc::gen::container<std::vector<std::string>>(*rc::gen::inRange(0, 4), rc::gen::elementOf(operands)),
          rc::gen::container<std::vector<std::string>>(*rc::gen::inRange(0, 3), rc::gen::elementOf(attrs))));
}

RC_GTEST_PROP(ParseFuzz, RandomBytesAreNeverMisread, (const std::string& bytes)) {
  accepted_and_sound(bytes);
}

RC_GTEST_PROP(ParseFuzz, RandomLinesOfTokensAreNeverMisread, ()) {
  std::vector<std::string> source = *rc::gen::container<std::vector<std::string>>(token_soup_line());
  RC_CLASSIFY(accepted_and_sound(join_lines(source)), "accepted");
}

RC_GTEST_PROP(ParseFuzz, TheSeedProgramsAreValid, ()) {
  RC_ASSERT(accepted_and_sound(*rc::gen::elementOf(kValidPrograms)));
}

RC_GTEST_PROP(ParseFuzz, ADeletedTokenIsRejectedOrStillSound, ()) {
  std::vector<std::string> source = lines_of(*rc::gen::elementOf(kValidPrograms));
  size_t line = *rc::gen::inRange<size_t>(0, source.size());
  std::vector<std::string> tokens;
  std::istringstream words(source[line]);
  for (std::string w; words >> w;) tokens.push_back(w);
  size_t drop = *rc::gen::inRange<size_t>(0, tokens.size());
  tokens.erase(tokens.begin() + static_cast<std::ptrdiff_t>(drop));
  std::string rebuilt;
  for (const std::string& t : tokens) rebuilt += (rebuilt.empty() ? "" : " ") + t;
  source[line] = rebuilt;
  RC_CLASSIFY(accepted_and_sound(join_lines(source)), "accepted");
}

RC_GTEST_PROP(ParseFuzz, SwappedLinesAreRejectedOrStillSound, ()) {
  std::vector<std::string> source = lines_of(*rc::gen::elementOf(kValidPrograms));
  size_t a = *rc::gen::inRange<size_t>(0, source.size());
  size_t b = *rc::gen::inRange<size_t>(0, source.size());
  std::swap(source[a], source[b]);
  RC_CLASSIFY(accepted_and_sound(join_lines(source)), "accepted");
}

RC_GTEST_PROP(ParseFuzz, AUseMovedAboveItsDefinitionIsRejected, ()) {
  // Move a line that uses a name to just above the line defining that name.
  std::vector<std::string> source = lines_of(*rc::gen::elementOf(kValidPrograms));
  size_t user = *rc::gen::inRange<size_t>(1, source.size());
  std::istringstream words(source[user]);
  std::vector<std::string> tokens;
  for (std::string w; words >> w;) tokens.push_back(w);
  std::map<std::string, size_t> defined_at;
  for (size_t k = 0; k < user; ++k)
    if (source[k].rfind("%", 0) == 0) defined_at.emplace(source[k].substr(0, source[k].find(' ')), k);
  std::vector<size_t> targets;
  for (size_t t = 2; t < tokens.size(); ++t)
    if (auto it = defined_at.find(tokens[t]); it != defined_at.end()) targets.push_back(it->second);
  RC_PRE(!targets.empty());
  size_t def = *std::min_element(targets.begin(), targets.end());
  std::string moved = source[user];
  source.erase(source.begin() + static_cast<std::ptrdiff_t>(user));
  source.insert(source.begin() + static_cast<std::ptrdiff_t>(def), moved);
  RC_ASSERT_FALSE(accepted_and_sound(join_lines(source)));
}

RC_GTEST_PROP(ParseFuzz, AHugeLiteralIsAlwaysRejected, ()) {
  std::vector<std::string> source = lines_of(*rc::gen::elementOf(kValidPrograms));
  // Every i32 literal token, as (line, token index).
  std::vector<std::pair<size_t, size_t>> literals;
  std::vector<std::vector<std::string>> tokens(source.size());
  for (size_t k = 0; k < source.size(); ++k) {
    std::istringstream words(source[k]);
    for (std::string w; words >> w;) tokens[k].push_back(w);
    for (size_t t = 0; t < tokens[k].size(); ++t) {
      const std::string& w = tokens[k][t];
      bool integer = !w.empty() && w.find_first_not_of("-0123456789") == std::string::npos && w != "-";
      if (integer) literals.emplace_back(k, t);
    }
  }
  RC_PRE(!literals.empty());
  auto [line, index] = *rc::gen::elementOf(literals);
  tokens[line][index] = *rc::gen::elementOf(std::vector<std::string>{"2147483648", "-2147483649", "99999999999999999999"});
  std::string rebuilt;
  for (const std::string& t : tokens[line]) rebuilt += (rebuilt.empty() ? "" : " ") + t;
  source[line] = rebuilt;
  RC_ASSERT_FALSE(accepted_and_sound(join_lines(source)));
}

}  // namespace
}  // namespace uir
