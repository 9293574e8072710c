// A test file's headers (spec §7) become a TestCase; every malformed header is a SuiteError.
//
// Two passes. The first reads the comment lines before the first statement: a comment is a header
// when its text starts with a header keyword followed by an optional single token and a colon
// (`expect:`, `expect 1:`, `data 0:`), or is `render` alone or `render:`; anything else is free
// text, so "# expected output below" stays a comment while "# expect out: 1 2" is an unknown header
// (a typo we want to hear about, not to ignore). Each recognised header is parsed strictly. The
// second pass checks the headers against each other and against the program's buffers, which come
// from uir::parse: slots must exist, and value counts must equal a buffer size written as a literal
// (a size computed by a constant expression is checked when the data is made, in make_input_data).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "testcase/header_typos.h"
#include "testcase/case_data.h"
#include "testcase/case_headers.h"
#include "oracle/parse.h"

namespace uirgrade {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

std::vector<std::string> split_words(std::string_view s) {
  std::vector<std::string> words;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && is_blank(s[i])) ++i;
    size_t start = i;
    while (i < s.size() && !is_blank(s[i])) ++i;
    if (i > start) words.emplace_back(s.substr(start, i - start));
  }
  return words;
}

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

/// A slot number as a header writes it: decimal digits (leading zeros allowed, so `expect 01:`
/// names slot 1 and repeats `expect 1:`).
std::optional<int> parse_slot_number(std::string_view s) {
  if (!all_digits(s)) return std::nullopt;
  while (s.size() > 1 && s.front() == '0') s.remove_prefix(1);
  if (s.size() > 4) return std::nullopt;  // far beyond slot 63; the slot check reports it
  return std::stoi(std::string(s));
}

/// A recognised header: its keyword, its token between keyword and colon (may be empty), its value.
struct RawHeader {
  std::string keyword;
  std::string token;
  std::string value;
  bool has_colon = true;  // false only for a bare `render`
};

/// Recognises a header in a comment's text (after `#` and blanks); nullopt means free text.
std::optional<RawHeader> recognise(std::string_view text) {
  if (text.starts_with("render")) {
    std::string_view rest = trim(text.substr(6));
    if (rest.empty()) return RawHeader{"render", "", "", false};
    if (rest.front() == ':') return RawHeader{"render", "", std::string(trim(rest.substr(1))), true};
    return std::nullopt;
  }
  for (std::string_view keyword : kHeaderKeywords) {
    if (keyword == "render" || !text.starts_with(keyword)) continue;  // render: above (it may stand bare)
    std::string_view rest = text.substr(keyword.size());
    if (!rest.empty() && rest.front() != ':' && !is_blank(rest.front())) return std::nullopt;
    rest = trim(rest);
    std::string token;
    if (!rest.empty() && rest.front() != ':') {
      size_t end = 0;
      while (end < rest.size() && rest[end] != ':' && !is_blank(rest[end])) ++end;
      token = std::string(rest.substr(0, end));
      rest = trim(rest.substr(end));
    }
    if (rest.empty() || rest.front() != ':') return std::nullopt;
    return RawHeader{std::string(keyword), token, std::string(trim(rest.substr(1))), true};
  }
  return std::nullopt;
}

/// What the program says about one of its buffers, as far as parsing tells.
struct BufferInfo {
  std::optional<uir::DType> dtype;  // i32 or f32; nullopt when missing or not memory-typed
  std::optional<int32_t> length;    // known when the size is an i32 literal
};

std::map<int, BufferInfo> buffers_of(const std::string& path, const std::string& text) {
  std::map<int, BufferInfo> buffers;
  uir::ParseResult parsed = uir::parse(path, text);
  for (const uir::Stmt& st : parsed.program.stmts) {
    if (st.op != uir::Op::Buffer || st.slot < 0 || buffers.count(st.slot)) continue;
    BufferInfo info;
    if (st.dtype_attr == uir::DType::I32 || st.dtype_attr == uir::DType::F32) info.dtype = st.dtype_attr;
    if (!st.operands.empty() && st.operands[0].kind == uir::Operand::Kind::Literal &&
        st.operands[0].literal.dtype == uir::DType::I32 && !st.operands[0].literal_overflow)
      info.length = st.operands[0].literal.as_i32();
    buffers[st.slot] = info;
  }
  return buffers;
}

class HeaderParser {
 public:
  HeaderParser(const std::string& path, TestCase* test) : path_(path), test_(test) {}

  /// Parses one recognised header on `line`; false (with error()) when it is malformed.
  bool parse(const RawHeader& h, int line) {
    line_ = line;
    std::string key = h.keyword;
    std::optional<int> slot;
    if (!h.token.empty()) {
      slot = parse_slot_number(h.token);
      key += " " + (slot ? std::to_string(*slot) : h.token);
    }
    std::string written = h.keyword + (h.token.empty() ? "" : " " + h.token) + (h.has_colon ? ":" : "");
    bool takes_slot =
        h.keyword == "data" || (h.keyword == "expect" && h.token != "assert" && !h.token.empty());
    if (h.keyword == "data" && h.token.empty()) return fail("'data:' needs a slot: 'data S: ...'");
    if (takes_slot && !slot) return fail(fmt::format("unknown header '{}'", written));
    if ((h.keyword == "check" || h.keyword == "error" || h.keyword == "about") && !h.token.empty())
      return fail(fmt::format("unknown header '{}'", written));
    if (auto it = test_->header_lines.find(key); it != test_->header_lines.end())
      return fail(fmt::format("'{}' repeats the header on line {}", written, it->second));
    test_->header_lines[key] = line;

    if (h.keyword == "about") {
      if (h.value.empty()) return fail("'about:' needs the spec section or pitfall the test is about");
      test_->about = h.value;
      return true;
    }
    std::vector<std::string> words = split_words(h.value);
    if (h.keyword == "render") return parse_render(words);
    if (h.keyword == "error") return parse_error(words);
    if (h.keyword == "check") return parse_check(words);
    if (h.keyword == "data") return parse_data(*slot, words);
    if (h.token.empty()) return parse_exit(words);
    if (h.token == "assert") return parse_assert_line(words);
    test_->expect_slots[*slot] = words;
    if (words.empty()) return fail(fmt::format("'{}' needs the slot's values", written));
    return true;
  }

  SuiteError error() const { return error_; }

 private:
  bool fail(std::string message) {
    error_ = SuiteError{path_, line_, std::move(message)};
    return false;
  }

  /// `render`, `render: loops=N`, `render: work`, or both words in either order (`loops=3 work`).
  bool parse_render(const std::vector<std::string>& words) {
    test_->mode = Mode::Render;
    constexpr const char* kForms = "expected 'render', 'render: loops=N', 'render: work' or 'render: loops=N work'";
    for (const std::string& word : words) {
      std::string_view w = word;
      if (w == "work") {
        if (test_->render_work) return fail("render: 'work' is written twice");
        test_->render_work = true;
      } else if (w.starts_with("loops=") && all_digits(w.substr(6)) && w.size() <= 12) {
        if (test_->render_loops) return fail("render: 'loops=N' is written twice");
        test_->render_loops = std::stoi(std::string(w.substr(6)));
      } else if (std::optional<std::string_view> near = misspelt_render_word(w)) {
        return fail(fmt::format("render: '{}' is not a render option; did you mean '{}'? ({})", w, *near, kForms));
      } else {
        return fail(kForms);
      }
    }
    return true;
  }

  bool parse_error(const std::vector<std::string>& words) {
    if (words.size() != 1) return fail("expected 'error: E-RULE'");
    if (!uir::rule_from_id(words[0])) return fail(fmt::format("'{}' is not a rule of spec §8", words[0]));
    test_->expect_error_rule = words[0];
    return true;
  }

  bool parse_check(const std::vector<std::string>& words) {
    if (words.empty()) return fail("expected 'check: S ...' with one or more slots");
    std::vector<int> slots;
    for (const std::string& w : words) {
      std::optional<int> slot = parse_slot_number(w);
      if (!slot) return fail(fmt::format("check: '{}' is not a slot number", w));
      if (std::find(slots.begin(), slots.end(), *slot) != slots.end())
        return fail(fmt::format("check: slot {} listed twice", *slot));
      slots.push_back(*slot);
    }
    test_->check_slots = slots;
    return true;
  }

  bool parse_exit(const std::vector<std::string>& words) {
    if (words.size() != 2 || words[0] != "exit" || (words[1] != "0" && words[1] != "1" && words[1] != "2"))
      return fail("expected 'expect: exit 0', 'expect: exit 1' or 'expect: exit 2'");
    test_->expect_exit = words[1][0] - '0';
    return true;
  }

  bool parse_assert_line(const std::vector<std::string>& words) {
    if (words.size() != 1 || !all_digits(words[0]) || words[0].size() > 9 || std::stoi(words[0]) < 1)
      return fail("expected 'expect assert: LINE' with a line number from 1");
    test_->expect_assert_line = std::stoi(words[0]);
    return true;
  }

  bool parse_data(int slot, const std::vector<std::string>& words) {
    DataSpec spec;
    spec.line = line_;
    if (words.empty())
      return fail(fmt::format("'data {}:' needs random, random LO..HI, zeros, iota or values", slot));
    if (words.size() == 1 && words[0] == "random") {
      spec.kind = DataSpec::Kind::Random;
    } else if (words.size() == 2 && words[0] == "random") {
      size_t dots = words[1].find("..");
      std::optional<double> lo, hi;
      if (dots != std::string::npos) {
        lo = parse_number(words[1].substr(0, dots));
        hi = parse_number(words[1].substr(dots + 2));
      }
      if (!lo || !hi) return fail(fmt::format("'{}' is not LO..HI", words[1]));
      if (*lo > *hi) return fail(fmt::format("random {}: LO is above HI", words[1]));
      spec.kind = DataSpec::Kind::RandomRange;
      spec.lo = *lo;
      spec.hi = *hi;
      spec.values = {words[1].substr(0, dots), words[1].substr(dots + 2)};  // for the i32 check below
    } else if (words.size() == 1 && words[0] == "zeros") {
      spec.kind = DataSpec::Kind::Zeros;
    } else if (words.size() == 1 && words[0] == "iota") {
      spec.kind = DataSpec::Kind::Iota;
    } else if (words[0] == "random" || words[0] == "zeros" || words[0] == "iota") {
      return fail(fmt::format("'data {}:' expected random, random LO..HI, zeros or iota", slot));
    } else {
      spec.kind = DataSpec::Kind::Explicit;
      spec.values = words;
    }
    test_->data[slot] = spec;
    return true;
  }

  /// A finite number written as strtod reads it, whole.
  static std::optional<double> parse_number(const std::string& s) {
    if (s.empty()) return std::nullopt;
    char* end = nullptr;
    double v = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size() || !std::isfinite(v)) return std::nullopt;
    return v;
  }

  std::string path_;
  TestCase* test_;
  int line_ = 0;
  SuiteError error_;
};

/// The second pass: headers against each other and against the program's buffers.
std::optional<SuiteError> check_consistency(const std::string& path, const std::string& text,
                                            TestCase& test) {
  auto at = [&](const std::string& key) {
    auto it = test.header_lines.find(key);
    return it == test.header_lines.end() ? 0 : it->second;
  };
  auto error = [&](int line, std::string message) { return SuiteError{path, line, std::move(message)}; };
  if (!at("expect")) return error(0, "no '# expect: exit N' header before the first statement");
  if (test.expect_assert_line && test.expect_exit != 1)
    return error(at("expect assert"), "'expect assert:' needs 'expect: exit 1'");
  if (test.expect_error_rule && test.expect_exit != 2)
    return error(at("error"), "'error:' needs 'expect: exit 2'");
  if (test.expect_exit == 2) {
    // An invalid program is never run: data, contents and loop counts are meaningless for it. It
    // may be a render test: `render` must then fail with the same error as `run` (spec §6.2).
    if (test.render_loops) return error(at("render"), "'render: loops=N' does not apply to an 'exit 2' test");
    if (test.render_work) return error(at("render"), "'render: work' does not apply to an 'exit 2' test");
    for (const auto& [key, line] : test.header_lines)
      if (key != "expect" && key != "error" && key != "render" && key != "about")
        return error(line, fmt::format("'{}:' does not apply to an 'exit 2' test", key));
    return std::nullopt;
  }

  std::map<int, BufferInfo> buffers = buffers_of(path, text);
  auto buffer_for = [&](int slot, int line, std::string_view header) -> std::variant<BufferInfo, SuiteError> {
    auto it = buffers.find(slot);
    if (it == buffers.end())
      return error(line, fmt::format("{} names slot {}, and the program has no buffer with slot={}", header,
                                     slot, slot));
    return it->second;
  };
  auto check_values = [&](int slot, const std::vector<std::string>& values, int line,
                          std::string_view header) -> std::optional<SuiteError> {
    auto found = buffer_for(slot, line, header);
    if (auto* e = std::get_if<SuiteError>(&found)) return *e;
    const BufferInfo& info = std::get<BufferInfo>(found);
    if (info.length && static_cast<int32_t>(values.size()) != *info.length)
      return error(line, fmt::format("{} has {} values, the buffer of slot {} has {}", header, values.size(),
                                     slot, *info.length));
    if (info.dtype)
      for (const std::string& v : values)
        if (!parse_slot_value(*info.dtype, v))
          return error(line, fmt::format("{}: '{}' is not {}", header, v, uir::dtype_name(*info.dtype)));
    return std::nullopt;
  };

  for (auto& [slot, spec] : test.data) {
    std::string header = fmt::format("'data {}:'", slot);
    if (spec.kind == DataSpec::Kind::Explicit) {
      if (auto e = check_values(slot, spec.values, spec.line, header)) return e;
      continue;
    }
    auto found = buffer_for(slot, spec.line, header);
    if (auto* e = std::get_if<SuiteError>(&found)) return *e;
    if (spec.kind == DataSpec::Kind::RandomRange) {
      if (std::get<BufferInfo>(found).dtype == uir::DType::I32 &&
          (!parse_i32(spec.values[0]) || !parse_i32(spec.values[1])))
        return error(spec.line, fmt::format("{}: LO and HI must be i32 integers for an i32 slot", header));
      spec.values.clear();
    }
  }
  for (const auto& [slot, values] : test.expect_slots)
    if (auto e = check_values(slot, values, at("expect " + std::to_string(slot)),
                              fmt::format("'expect {}:'", slot)))
      return e;
  if (test.check_slots)
    for (int slot : *test.check_slots) {
      auto found = buffer_for(slot, at("check"), "'check:'");
      if (auto* e = std::get_if<SuiteError>(&found)) return *e;
    }
  return std::nullopt;
}

}  // namespace

ParsedTestFile parse_test_file_fully(const std::string& path, const std::string& text, const std::string& name,
                                     const std::string& suite, int week) {
  TestCase test;
  test.name = name;
  test.suite = suite;
  test.week = week;
  test.path = path;
  test.source = text;
  HeaderParser parser(path, &test);
  ParsedTestFile parsed;

  int line_no = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) nl = text.size();
    std::string_view line = trim(std::string_view(text).substr(pos, nl - pos));
    pos = nl + 1;
    ++line_no;
    if (line.empty()) continue;
    if (line.front() != '#') break;  // the first statement (or func header) ends the headers
    std::string_view comment = trim(line.substr(1));
    std::optional<RawHeader> header = recognise(comment);
    if (header) {
      if (!parser.parse(*header, line_no)) parsed.errors.push_back(parser.error());
      continue;
    }
    if (std::optional<std::string_view> keyword = misspelt_header_keyword(comment))
      parsed.warnings.push_back(SuiteError{
          path, line_no,
          fmt::format("'# {}' looks like a misspelt '{}' header; it is read as a comment", comment, *keyword)});
    if (!test.description.empty()) test.description += '\n';
    test.description += comment;
  }
  if (parsed.errors.empty()) {
    if (auto e = check_consistency(path, text, test)) parsed.errors.push_back(*e);
    else parsed.test = std::move(test);
  }
  return parsed;
}

std::variant<TestCase, SuiteError> parse_test_file(const std::string& path, const std::string& text,
                                                   const std::string& name, const std::string& suite,
                                                   int week) {
  ParsedTestFile parsed = parse_test_file_fully(path, text, name, suite, week);
  if (!parsed.errors.empty()) return parsed.errors.front();
  return std::move(*parsed.test);
}

}  // namespace uirgrade
