// analyse_statement(): every analysed field of a statement from its op and its operands' fields,
// checked against the spec's own words: kinds and dtypes (§2-§4), constant expressions (§4),
// memory roots and versions (§4.1), open ranges (§5.1) and intervals (§4.3).
#include "oracle/statement_analysis.h"

#include <climits>

#include <gtest/gtest.h>

#include "oracle/parse.h"

namespace uir {
namespace {

/// `text` parsed, then every statement analysed in file order (functions first: a body calls only
/// earlier functions, and the top level may call any).
Program analysed(std::string_view text) {
  ParseResult parsed = parse("t.uir", text);
  EXPECT_FALSE(parsed.error.has_value()) << parsed.error->message;
  Program& program = parsed.program;
  for (size_t f = 0; f < program.funcs.size(); ++f) {
    StatementPlace body;
    body.func_index = static_cast<int>(f);
    for (size_t s = 0; s < program.funcs[f].body.size(); ++s) analyse_statement(program, body, static_cast<int>(s));
  }
  for (size_t s = 0; s < program.stmts.size(); ++s) analyse_statement(program, StatementPlace{}, static_cast<int>(s));
  return std::move(parsed.program);
}

int32_t index_of(const std::vector<Stmt>& block, std::string_view name) {
  for (size_t s = 0; s < block.size(); ++s)
    if (block[s].name == name) return static_cast<int32_t>(s);
  ADD_FAILURE() << name << " is not defined";
  return -1;
}

const Stmt& named(const Program& program, std::string_view name) {
  static const Stmt missing;
  int32_t s = index_of(program.stmts, name);
  return s < 0 ? missing : program.stmts[s];
}

constexpr Interval kFull{INT32_MIN, INT32_MAX};

TEST(AnalyseStatement, ConstantExpressionsFoldAndAPointIsTheirInterval) {
  Program p = analysed(
      "%x = const 3\n%y = add %x 4\n%z = mul %y -2\n%f = const 1.5\n%g = add %f 2.0\n"
      "%c = cmplt %x %y\n%w = where %c %z 9\n%h = cast %z dtype=f32\n");
  EXPECT_EQ(named(p, "%y").kind, Kind::Value);
  EXPECT_EQ(named(p, "%y").dtype, DType::I32);
  ASSERT_TRUE(named(p, "%z").constant.has_value());
  EXPECT_EQ(named(p, "%z").constant->as_i32(), -14);
  EXPECT_EQ(named(p, "%z").interval, (Interval{-14, -14}));
  EXPECT_EQ(named(p, "%g").dtype, DType::F32);
  ASSERT_TRUE(named(p, "%g").constant.has_value());
  EXPECT_EQ(named(p, "%g").constant->as_f32(), 3.5f);
  EXPECT_FALSE(named(p, "%g").interval.has_value());  // f32 and bool values have none
  EXPECT_EQ(named(p, "%c").dtype, DType::Bool);
  ASSERT_TRUE(named(p, "%c").constant.has_value());
  EXPECT_TRUE(named(p, "%c").constant->as_bool());
  EXPECT_FALSE(named(p, "%c").interval.has_value());
  EXPECT_EQ(named(p, "%w").interval, (Interval{-14, -14}));  // the constant's point, not the arms' hull
  EXPECT_EQ(named(p, "%h").dtype, DType::F32);               // a cast's dtype is its attribute
  EXPECT_EQ(named(p, "%h").constant.value_or(Scalar{}).as_f32(), -14.0f);
}

TEST(AnalyseStatement, ARangeOpensItselfAndOtherOpsOpenTheUnionOfTheirOperands) {
  Program p = analysed(
      "%b = buffer 12 dtype=i32 slot=0\n%i = range 4\n%j = range 3\n%k = mul %i 2\n%o = add %k %j\n"
      "%w = where true %j 10\n%v = shrink %b %o shape=[]\n%s = store %v %o\n%ej = end %s %j\n"
      "%ei = end %ej %i\n%b1 = after %b %ei\n");
  const int32_t i = index_of(p.stmts, "%i"), j = index_of(p.stmts, "%j");
  EXPECT_EQ(named(p, "%b").open_ranges, std::vector<int32_t>{});
  EXPECT_EQ(named(p, "%i").open_ranges, std::vector<int32_t>{i});
  EXPECT_EQ(named(p, "%k").open_ranges, std::vector<int32_t>{i});
  EXPECT_EQ(named(p, "%o").open_ranges, (std::vector<int32_t>{i, j}));  // ascending
  EXPECT_EQ(named(p, "%s").open_ranges, (std::vector<int32_t>{i, j}));
  EXPECT_EQ(named(p, "%ej").open_ranges, std::vector<int32_t>{i});  // an end closes its range
  EXPECT_EQ(named(p, "%ei").open_ranges, std::vector<int32_t>{});
  EXPECT_EQ(named(p, "%b1").open_ranges, std::vector<int32_t>{});
  // Spec §4.3: range n is [0, n-1]; add and mul take the corners; where the hull of its arms.
  EXPECT_EQ(named(p, "%i").interval, (Interval{0, 3}));
  EXPECT_EQ(named(p, "%k").interval, (Interval{0, 6}));
  EXPECT_EQ(named(p, "%o").interval, (Interval{0, 8}));
  EXPECT_EQ(named(p, "%w").interval, (Interval{0, 10}));
  EXPECT_FALSE(named(p, "%o").constant.has_value());  // a range is no constant expression
  EXPECT_EQ(named(p, "%s").kind, Kind::Effect);
  EXPECT_EQ(named(p, "%ej").kind, Kind::Effect);
  EXPECT_EQ(named(p, "%ej").dtype, DType::Void);
}

TEST(AnalyseStatement, MemoryKnowsItsRootItsVersionAndItsLength) {
  Program p = analysed(
      "%n = const 5\n%b = buffer %n dtype=f32 slot=0\n%w = shrink %b 1 shape=[3]\n%v = shrink %w 2 shape=[]\n"
      "%s = store %v 1.0\n%b1 = after %b %s\n%r = shrink %b1 0 shape=[]\n%x = load %r\n%a = alloc 2 dtype=i32\n");
  const int32_t b = index_of(p.stmts, "%b"), b1 = index_of(p.stmts, "%b1"), a = index_of(p.stmts, "%a");
  auto expect_memory = [&](std::string_view name, Kind kind, DType dtype, int32_t length, int32_t root,
                           int32_t version) {
    const Stmt& s = named(p, name);
    EXPECT_EQ(s.kind, kind) << name;
    EXPECT_EQ(s.dtype, dtype) << name;
    EXPECT_EQ(s.length, length) << name;
    EXPECT_EQ(s.memory_root, root) << name;
    EXPECT_EQ(s.version, version) << name;
  };
  // New memory: the size (a named constant expression), its own root and first version.
  expect_memory("%b", Kind::Memory, DType::F32, 5, b, b);
  expect_memory("%a", Kind::Memory, DType::I32, 2, a, a);
  // Views: `shape` elements of the version they name, a view of a view still of its buffer.
  expect_memory("%w", Kind::View, DType::F32, 3, b, b);
  expect_memory("%v", Kind::View, DType::F32, 1, b, b);
  // A store writes into the version its view names; the after is the next version, as long.
  expect_memory("%s", Kind::Effect, DType::Void, 0, b, b);
  expect_memory("%b1", Kind::Memory, DType::F32, 5, b, b1);
  expect_memory("%r", Kind::View, DType::F32, 1, b, b1);
  // A load reads that version and is a value of the element dtype, not memory.
  expect_memory("%x", Kind::Value, DType::F32, 0, b, b1);
  EXPECT_FALSE(named(p, "%x").constant.has_value());
  EXPECT_EQ(named(p, "%n").memory_root, -1);  // values have no memory
}

TEST(AnalyseStatement, FunctionsParametersAndCalls) {
  Program p = analysed(
      "func @four() -> i32 {\n  %r = const 4\n  ret %r\n}\n"
      "func @half(%x: f32, %k: i32) -> f32 {\n  %h = mul %x 0.5\n  %m = mul %k 2\n  ret %h\n}\n"
      "%b = buffer 1 dtype=i32 slot=0\n%y = call @four\n%z = call @half 3.0 7\n"
      "%v = shrink %b 0 shape=[]\n%l = load %v\n%c = call @half 1.0 %l\n");
  const std::vector<Stmt>& half = p.funcs[1].body;
  // A parameter is no constant: full interval (spec §4.3), dtype from its declaration.
  const Stmt& k = half[index_of(half, "%k")];
  EXPECT_EQ(k.dtype, DType::I32);
  EXPECT_FALSE(k.constant.has_value());
  EXPECT_EQ(k.interval, kFull);
  EXPECT_EQ(half[index_of(half, "%m")].interval, kFull);  // 2 * full leaves i32
  EXPECT_EQ(half[index_of(half, "%x")].dtype, DType::F32);
  // A call of constant arguments is a constant expression with the function's value.
  EXPECT_EQ(named(p, "%y").constant.value_or(Scalar{}).as_i32(), 4);
  EXPECT_EQ(named(p, "%y").interval, (Interval{4, 4}));
  EXPECT_EQ(named(p, "%z").dtype, DType::F32);  // the callee's return dtype
  ASSERT_TRUE(named(p, "%z").constant.has_value());
  EXPECT_EQ(named(p, "%z").constant->as_f32(), 1.5f);
  // With a loaded argument it is not; a loaded i32 is full too.
  EXPECT_FALSE(named(p, "%c").constant.has_value());
  EXPECT_EQ(named(p, "%l").interval, kFull);
}

TEST(AnalyseStatement, ReanalysingReplacesWhateverTheFieldsHeld) {
  const std::string_view text =
      "%b = buffer 2 dtype=i32 slot=0\n%i = range 2\n%v = shrink %b %i shape=[]\n%x = load %v\n%s = store %v %x\n"
      "%e = end %s %i\n%b1 = after %b %e\n";
  Program fresh = analysed(text);
  Program stale = analysed(text);
  for (Stmt& s : stale.stmts) {  // what a mutated or reordered program could leave behind
    s.kind = Kind::None;
    s.dtype = DType::Bool;
    s.length = 77;
    s.memory_root = s.version = 5;
    s.open_ranges = {0, 3};
    s.constant = Scalar::i32(99);
    s.interval = Interval{-1, 1};
  }
  for (size_t s = 0; s < stale.stmts.size(); ++s) analyse_statement(stale, StatementPlace{}, static_cast<int>(s));
  for (size_t s = 0; s < fresh.stmts.size(); ++s) {
    const Stmt &want = fresh.stmts[s], &got = stale.stmts[s];
    EXPECT_EQ(got.kind, want.kind) << want.name;
    EXPECT_EQ(got.dtype, want.dtype) << want.name;
    EXPECT_EQ(got.length, want.length) << want.name;
    EXPECT_EQ(got.memory_root, want.memory_root) << want.name;
    EXPECT_EQ(got.version, want.version) << want.name;
    EXPECT_EQ(got.open_ranges, want.open_ranges) << want.name;
    EXPECT_EQ(got.constant.has_value(), want.constant.has_value()) << want.name;
    EXPECT_EQ(got.interval, want.interval) << want.name;
  }
  EXPECT_FALSE(fresh.stmts[index_of(fresh.stmts, "%x")].constant.has_value());
  EXPECT_EQ(fresh.stmts[index_of(fresh.stmts, "%x")].interval, kFull);
}

}  // namespace
}  // namespace uir
