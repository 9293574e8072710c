// The oracle's variation points: the named places where a stage asks how to do one thing (check a
// rule, place a load, order sibling loops, spell an op in C, run, print), each answered by a virtual
// function whose default is what the oracle does. The oracle itself runs with the defaults
// (OracleVariant::reference()). Something built on the oracle that behaves like another compiler
// (the course's catalogue of student bugs, mutation/) overrides the hooks it needs; the oracle does
// not know which variants exist, only where it may be varied.
//
// Each hook is called at one place, named in its comment, and says what it may change there. A
// hook's default must be exactly the oracle's behaviour: `scripts/compare-oracle-output.sh` checks
// the reference against an older build byte for byte.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "oracle/data.h"
#include "oracle/error.h"
#include "oracle/program.h"

namespace uir {

struct Compiled;
struct LoopTree;
struct Placement;
struct RunResult;
class Users;

/// A static C helper function a variant's C may call: printed once, after the oracle's own helpers,
/// when the C uses it (render_c.cc).
struct CHelper {
  std::string_view name;
  std::string_view definition;
};

/// What a render hook may ask of the renderer (render_c.cc) while it spells a statement.
class CSpelling {
 public:
  /// The C of an operand of a statement of `block`: a variable or a literal.
  virtual std::string atom(const std::vector<Stmt>& block, const Operand& operand) const = 0;
  /// The C array a load or store through memory root `root` (a buffer or an alloc) reads.
  virtual std::string memory(int root) const = 0;
  /// The dtype of an operand of a statement of `block`.
  virtual DType operand_dtype(const std::vector<Stmt>& block, const Operand& operand) const = 0;
  /// Marks helper `name` (one of the variant's c_helpers()) as used, so that it is printed.
  virtual void use_helper(std::string_view name) = 0;

 protected:
  ~CSpelling() = default;
};

class OracleVariant {
 public:
  virtual ~OracleVariant() = default;

  /// The oracle itself: every hook at its default.
  static const OracleVariant& reference();

  // --- checks (validate.cc, typecheck.cc, op_rules.cc) ---------------------------------------

  /// Whether `rule` is checked on a statement of `op` (typecheck.cc's E-OPEN-RANGE, op_rules.cc's
  /// E-BOUNDS, E-DIV-ZERO, E-END-UNUSED): a compiler may lack a check.
  virtual bool checks_statement(Rule rule, Op op) const;
  /// Whether the whole-program rule `rule` (E-DEAD-EFFECT, E-LOAD-ORDER) is checked (linearize.cc).
  virtual bool checks_program(Rule rule) const;
  /// Whether every statement goes through all of its rules before the next one (spec §8, validate.cc);
  /// false: the statement rules of every statement first, then the ops' own rules, in two passes.
  virtual bool checks_statement_by_statement() const;
  /// E-BOUNDS (op_rules.cc): how many elements from the offset a view of `shape` elements must fit.
  virtual int64_t bounds_window(int64_t shape) const;
  /// E-END-UNUSED (op_rules.cc): whether the effect at index `k` of those an end lists is checked
  /// (and, when not, none after it).
  virtual bool checks_end_effect(size_t k) const;
  /// E-STORE-TWICE (op_rules.cc): whether `store` conflicts with the `earlier` store into its version.
  virtual bool stores_conflict(const Stmt& earlier, const Stmt& store) const;
  /// Called after top-level statement `index` of `block` passed its checks (validate.cc): a variant
  /// that let through what the oracle refuses may say here what the statement then means to the
  /// statements after it.
  virtual void statement_checked(std::vector<Stmt>& block, int index) const;

  // --- the linearizer (linearize.cc, load_placement.cc, loop_order.cc, schedule.cc) ------------

  /// After every live statement has its target loop and before anything is placed (linearize.cc):
  /// the error a scheduler of another design stops with on this program, or nothing.
  virtual std::optional<Error> scheduling_refused(const Program& program, const LoopTree& tree,
                                                  const std::vector<bool>& live,
                                                  const std::vector<int32_t>& target) const;

  /// The load rule of spec §5.3 (load_placement.cc), clause by clause; the defaults are the spec's.
  struct LoadRule {
    bool loads_move = true;            // a load moves into the loop of its uses at all
    bool pinned_by_outer_uses = true;  // a use at or outside the load's own place keeps it there
    bool deeper_stores_count = true;   // a store anywhere inside the loop counts, not only directly in it
    bool needs_a_store = true;         // the loop must store into the version the load reads
  };
  virtual LoadRule load_rule() const;

  /// After the load rule placed every statement, before the loops are ordered (linearize.cc): may
  /// move statements (a placement of another design) and drop the load -> store ordering edges.
  virtual void placed(const Program& program, const LoopTree& tree, const std::vector<bool>& live,
                      const Users& users, Placement* placement) const;

  /// Ordering edges (statement before statement) the sibling loops should follow besides the
  /// program's own, kept only when they still leave an order (loop_order.cc).
  virtual std::vector<std::pair<int32_t, int32_t>> preferred_loop_edges(const Program& program,
                                                                        const std::vector<bool>& live) const;
  /// The sibling loops' order once it is found (loop_order.cc): may reorder it.
  virtual void reorder_siblings(std::vector<int32_t>* order) const;
  /// Whether the scheduler, when nothing fits, opens a pending sibling inside the current loop
  /// (schedule.cc's `nest_into_siblings`).
  virtual bool nests_pending_siblings() const;

  // --- run and its output (run.cc, cli_run.cc) ------------------------------------------------

  /// Runs a valid program in place of the oracle's runner (run.cc), or nothing for the oracle's.
  virtual std::optional<RunResult> run(const Compiled& compiled, const std::vector<SlotData>& inputs) const;
  /// What `run` prints of the final buffers (cli_run.cc).
  virtual std::string format_output(const std::vector<SlotData>& buffers) const;

  // --- the C (render_c.cc) --------------------------------------------------------------------

  /// Helpers the variant's C may call (CSpelling::use_helper), in the order they are printed.
  virtual std::vector<CHelper> c_helpers() const;
  /// The C type a value of `dtype` is declared with, or nothing for the oracle's (memory keeps its type).
  virtual std::optional<std::string> c_value_type(DType dtype) const;
  /// The C expression of value op `s` of `block`, or nothing for its row's spelling in ops.def.
  virtual std::optional<std::string> c_value_expression(CSpelling& c, const std::vector<Stmt>& block,
                                                        const Stmt& s) const;
  /// Whether a view of a view adds its parent's offset to its own.
  virtual bool c_view_adds_parent_offset() const;
  /// The C of range `range`'s bound in its `for` line, or nothing for the operand itself.
  virtual std::optional<std::string> c_range_bound(CSpelling& c, const std::vector<Stmt>& block,
                                                   const Stmt& range) const;
  /// The comparison of a `for` line: counter `<` bound.
  virtual std::string_view c_range_comparison() const;
  /// The line of an assert whose condition is `condition`, or nothing for the oracle's (the smallest
  /// failing line kept in failed_assert_line).
  virtual std::optional<std::string> c_assert(const std::string& condition, int line) const;
  /// kernel()'s buffers, in increasing slot order: may reorder them.
  virtual void c_kernel_params(std::vector<int>* buffers) const;
  /// How an alloc starts at the top of kernel: the byte every element is filled with, or nothing
  /// for no fill there.
  virtual std::optional<int> c_alloc_fill() const;
  /// Whether an alloc is zeroed again where the linearizer placed it.
  virtual bool c_alloc_zeroed_where_placed() const;
};

}  // namespace uir
