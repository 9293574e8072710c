// The loop tree from the ends (spec §5.1), on hand-built programs: only the fields the nesting reads
// (op, name, line, operands of ends, open ranges) are filled, so cases the validator would stop first
// can be checked too.
#include "oracle/nesting.h"

#include <gtest/gtest.h>

namespace uir {
namespace {

Stmt range_stmt(const std::string& name, int32_t self) {
  Stmt s;
  s.op = Op::Range;
  s.name = name;
  s.open_ranges = {self};
  return s;
}

Stmt end_stmt(const std::string& name, int32_t effect, int32_t range, std::vector<int32_t> open) {
  Stmt s;
  s.op = Op::End;
  s.name = name;
  Operand e, r;
  e.ref = effect;
  r.ref = range;
  s.operands = {e, r};
  s.open_ranges = std::move(open);
  return s;
}

Stmt value_stmt(const std::string& name, std::vector<int32_t> open) {
  Stmt s;
  s.op = Op::Add;
  s.name = name;
  s.open_ranges = std::move(open);
  return s;
}

Program numbered(std::vector<Stmt> stmts) {
  Program p;
  p.stmts = std::move(stmts);
  for (size_t k = 0; k < p.stmts.size(); ++k) p.stmts[k].line = static_cast<int>(k) + 1;
  return p;
}

TEST(Nesting, ThreeLevelChainFromTheEnds) {
  // %k's end has %i and %j open, %j's end has %i open: i > j > k. %x uses only i and k.
  Program p = numbered({range_stmt("%i", 0), range_stmt("%j", 1), range_stmt("%k", 2),
                        value_stmt("%x", {0, 2}), end_stmt("%ek", 3, 2, {0, 1}), end_stmt("%ej", 4, 1, {0}),
                        end_stmt("%ei", 5, 0, {})});
  LoopTree tree;
  ASSERT_FALSE(build_loop_tree(p, &tree).has_value());
  EXPECT_EQ(tree.parent[0], kTopLevel);
  EXPECT_EQ(tree.parent[1], 0);
  EXPECT_EQ(tree.parent[2], 1);
  EXPECT_EQ(tree.level[2], 3);
  EXPECT_TRUE(tree.contains(0, 2));
  EXPECT_FALSE(tree.contains(2, 0));
  EXPECT_EQ(tree.child_toward(kTopLevel, 2), 0);
  EXPECT_EQ(tree.common(2, 1), 1);
  EXPECT_EQ(tree.child_toward(0, 2), 1);
  int32_t target = -5;
  // Scope {i, k}, target {i, j, k}: the book's A[i*K + k].
  ASSERT_FALSE(find_target(p, tree, 3, &target).has_value());
  EXPECT_EQ(target, 2);
  // A range is placed where it opens: inside its parent.
  ASSERT_FALSE(find_target(p, tree, 2, &target).has_value());
  EXPECT_EQ(target, 1);
}

TEST(Nesting, SiblingsShareAParent) {
  Program p = numbered({range_stmt("%i", 0), range_stmt("%j", 1), range_stmt("%k", 2),
                        value_stmt("%x", {0, 1}), end_stmt("%ej", 3, 1, {0}), value_stmt("%y", {0, 2}),
                        end_stmt("%ek", 5, 2, {0})});
  LoopTree tree;
  ASSERT_FALSE(build_loop_tree(p, &tree).has_value());
  EXPECT_EQ(tree.parent[1], 0);
  EXPECT_EQ(tree.parent[2], 0);
  EXPECT_EQ(tree.common(1, 2), 0);
  EXPECT_FALSE(tree.contains(1, 2));
}

TEST(Nesting, StatementWhoseLoopsAreNotOneChainIsNest) {
  // %a and %b are both outermost; %x needs both open; %c's end has both open.
  Program p = numbered({range_stmt("%a", 0), range_stmt("%b", 1), range_stmt("%c", 2),
                        value_stmt("%x", {0, 1}), end_stmt("%ec", 3, 2, {0, 1}), value_stmt("%y", {2})});
  LoopTree tree;
  ASSERT_FALSE(build_loop_tree(p, &tree).has_value());
  int32_t target = 0;
  std::optional<Error> x = find_target(p, tree, 3, &target);
  ASSERT_TRUE(x.has_value());
  EXPECT_EQ(x->rule, Rule::Nest);
  EXPECT_EQ(x->line, 4);
  EXPECT_NE(x->message.find("%a and %b"), std::string::npos) << x->message;
  // The range whose enclosers clash, and a statement inside it.
  std::optional<Error> c = find_target(p, tree, 2, &target);
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->line, 3);
  std::optional<Error> y = find_target(p, tree, 5, &target);
  ASSERT_TRUE(y.has_value());
  EXPECT_NE(y->message.find("range %c must sit inside %a and %b"), std::string::npos) << y->message;
  // The neighbour: %a open alone is fine.
  EXPECT_FALSE(find_target(p, tree, 0, &target).has_value());
}

TEST(Nesting, CycleIsReportedAtItsFirstRangeWithTheChain) {
  // %u sits inside the cycle %v <-> %w without being on it; %v is the first range on it.
  Program p = numbered({range_stmt("%u", 0), range_stmt("%v", 1), range_stmt("%w", 2),
                        end_stmt("%eu", 0, 0, {1}), end_stmt("%ev", 0, 1, {2}), end_stmt("%ew", 0, 2, {1})});
  LoopTree tree;
  std::optional<Error> e = build_loop_tree(p, &tree);
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->rule, Rule::Nest);
  EXPECT_EQ(e->line, 2);
  EXPECT_NE(e->message.find("the end of %v (line 5) has %w open, the end of %w (line 6) has %v open"),
            std::string::npos)
      << e->message;
}

}  // namespace
}  // namespace uir
