// Each catalogue mutant (mutation/catalogue.def) as the hooks of oracle/variant.h it overrides. The
// checks and the linearizer follow every mutant on; the C follows those showing in `render`, the
// run those showing in `run` (`affects` in catalogue.def), as a student's compiler shows each bug
// only in the commands it touches.
#include "mutation/catalogue_variant.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>

#include <fmt/format.h>

#include "mutation/mutant_linearize.h"
#include "mutation/mutant_run.h"
#include "oracle/load_placement.h"
#include "oracle/nesting.h"
#include "oracle/oracle.h"

namespace uirgrade {
namespace {

using uir::CHelper;
using uir::Compiled;
using uir::CSpelling;
using uir::DType;
using uir::Error;
using uir::LoopTree;
using uir::Op;
using uir::Operand;
using uir::OracleVariant;
using uir::Placement;
using uir::Program;
using uir::RangeSet;
using uir::Rule;
using uir::RunResult;
using uir::SlotData;
using uir::Stmt;
using uir::Users;

// The helpers of the mutant floor-division: Python's // and %.
constexpr CHelper kIdivFloor = {"uir_idiv_floor",
    "static inline int32_t uir_idiv_floor(int32_t a, int32_t b) {\n"
    "  int64_t q = (int64_t)a / b, r = (int64_t)a % b;\n"
    "  if (r != 0 && ((r < 0) != (b < 0))) --q;\n"
    "  return (int32_t)(uint32_t)q;\n"
    "}\n"};
constexpr CHelper kModFloor = {"uir_mod_floor",
    "static inline int32_t uir_mod_floor(int32_t a, int32_t b) {\n"
    "  int64_t r = (int64_t)a % b;\n"
    "  return (int32_t)(r != 0 && ((r < 0) != (b < 0)) ? r + b : r);\n"
    "}\n"};

/// f32-printed-6-digits: f32 values printed with printf's %g.
std::string format_slot_data_with_g(const std::vector<SlotData>& slots) {
  std::string out;
  for (const SlotData& data : slots) {
    out += std::to_string(data.slot) + ":";
    char buf[64];
    for (size_t k = 0; k < data.words.size(); ++k) {
      if (data.dtype == DType::I32) std::snprintf(buf, sizeof buf, " %d", data.i32(k));
      else std::snprintf(buf, sizeof buf, " %g", data.f32(k));
      out += buf;
    }
    out += "\n";
  }
  return out;
}

/// skip-e-end-unused and end-checks-first-effect: an effect that an end lists without depending on
/// its range is treated as inside the loop (the student's loop repeats it), as if it had the range open.
void put_effects_inside_the_loop(std::vector<Stmt>& block, const Stmt& end) {
  int32_t range = end.operands.back().ref;
  for (size_t k = 0; k + 1 < end.operands.size(); ++k) {
    RangeSet& open = block[end.operands[k].ref].open_ranges;
    open = open.with(range);
  }
}

class CatalogueVariant final : public OracleVariant {
 public:
  explicit CatalogueVariant(Mutants mutants)
      : all_(mutants), render_(mutants.showing_in(MUTANT_RENDER)), run_(mutants.showing_in(MUTANT_RUN)) {}

  // --- checks ---
  bool checks_statement(Rule rule, Op op) const override {
    switch (rule) {
      case Rule::Bounds: return !all_.has(Mutant::SkipBounds);
      case Rule::DivZero: return !all_.has(Mutant::SkipDivZero);
      case Rule::EndUnused: return !all_.has(Mutant::SkipEndUnused);
      case Rule::OpenRange: return !(op == Op::Range && all_.has(Mutant::SkipOpenRangeBound));
      default: return true;
    }
  }
  bool checks_program(Rule rule) const override {
    if (rule == Rule::DeadEffect) return !all_.has(Mutant::SkipDeadEffect);
    if (rule == Rule::LoadOrder) return !all_.has(Mutant::SkipLoadOrder);
    return true;
  }
  bool checks_statement_by_statement() const override { return !all_.has(Mutant::RulesInTwoPasses); }
  int64_t bounds_window(int64_t shape) const override { return all_.has(Mutant::BoundsIgnoreWindow) ? 1 : shape; }
  bool checks_end_effect(size_t k) const override { return k == 0 || !all_.has(Mutant::EndChecksFirstEffect); }
  bool stores_conflict(const Stmt& earlier, const Stmt& store) const override {
    // store-twice-same-loop-only compares a store only with those of its own loop body.
    return !all_.has(Mutant::StoreTwiceSameLoopOnly) || earlier.open_ranges == store.open_ranges;
  }
  void statement_checked(std::vector<Stmt>& block, int index) const override {
    if ((all_.has(Mutant::SkipEndUnused) || all_.has(Mutant::EndChecksFirstEffect)) && block[index].op == Op::End)
      put_effects_inside_the_loop(block, block[index]);
  }

  // --- the linearizer ---
  std::optional<Error> scheduling_refused(const Program& program, const LoopTree& tree, const std::vector<bool>& live,
                                          const std::vector<int32_t>& target) const override {
    return mutant_scheduler_stuck(program, tree, live, target, all_);
  }
  LoadRule load_rule() const override {
    LoadRule rule;
    rule.loads_move = !all_.has(Mutant::LoadsNeverMove);
    rule.pinned_by_outer_uses = !all_.has(Mutant::LoadsAlwaysMove);
    rule.deeper_stores_count = !all_.has(Mutant::LoadIgnoresDeeperStores);
    rule.needs_a_store = !all_.has(Mutant::LoadMovesWithoutStore);
    return rule;
  }
  void placed(const Program& program, const LoopTree& tree, const std::vector<bool>& live, const Users& users,
              Placement* placement) const override {
    if (all_.has(Mutant::AllocZeroedPerIteration)) place_allocs_with_their_users(program, tree, live, users, placement);
    if (all_.has(Mutant::ValuesInUsesLoop)) place_values_with_their_users(program, tree, live, users, placement);
    // Students without the load -> store edges (attempt (c) orders siblings by buffers instead).
    if (all_.has(Mutant::StoreVisibleBeforeAfter) || all_.has(Mutant::SiblingsByBuffer)) placement->load_edges.clear();
  }
  std::vector<std::pair<int32_t, int32_t>> preferred_loop_edges(const Program& program,
                                                                const std::vector<bool>& live) const override {
    std::vector<std::pair<int32_t, int32_t>> edges;
    if (!all_.has(Mutant::SiblingsByBuffer)) return edges;
    // Writers before readers of the same buffer, whatever version they name.
    const std::vector<Stmt>& stmts = program.stmts;
    for (size_t store = 0; store < stmts.size(); ++store)
      for (size_t load = 0; load < stmts.size() && live[store] && stmts[store].op == Op::Store; ++load)
        if (live[load] && stmts[load].op == Op::Load && stmts[load].memory_root == stmts[store].memory_root)
          edges.emplace_back(static_cast<int32_t>(store), static_cast<int32_t>(load));
    return edges;
  }
  void reorder_siblings(std::vector<int32_t>* order) const override {
    // subset-scope opens siblings in range-line order.
    if (all_.has(Mutant::SubsetScope)) std::sort(order->begin(), order->end());
  }
  bool nests_pending_siblings() const override { return all_.has(Mutant::SubsetScope); }

  // --- run and its output ---
  std::optional<RunResult> run(const Compiled& compiled, const std::vector<SlotData>& inputs) const override {
    // With any mutant on, the program runs on the interpreter that never trusts it.
    return run_with_mutants(compiled, inputs, run_);
  }
  std::string format_output(const std::vector<SlotData>& buffers) const override {
    return all_.has(Mutant::F32PrintedShort) ? format_slot_data_with_g(buffers) : uir::format_slot_data(buffers);
  }

  // --- the C ---
  std::vector<CHelper> c_helpers() const override { return {kIdivFloor, kModFloor}; }
  std::optional<std::string> c_value_type(DType t) const override {
    if (t == DType::F32 && render_.has(Mutant::F32InDouble)) return "double";
    return std::nullopt;
  }
  std::optional<std::string> c_value_expression(CSpelling& c, const std::vector<Stmt>& block,
                                                const Stmt& s) const override {
    if (!render_.any()) return std::nullopt;
    auto on = [&](Mutant m) { return render_.has(m); };
    auto arg = [&](size_t k) { return c.atom(block, s.operands[k]); };
    auto call_helper = [&](const CHelper& helper) {
      c.use_helper(helper.name);
      return fmt::format("{}({}, {})", helper.name, arg(0), arg(1));
    };
    const bool i32 = s.dtype == DType::I32, f32 = s.dtype == DType::F32;
    switch (s.op) {
      case Op::Add:
        if (i32 && on(Mutant::I32NoWrap)) return fmt::format("{} + {}", arg(0), arg(1));
        if (f32 && on(Mutant::FusedMultiplyAdd))
          for (size_t k = 0; k < 2; ++k) {
            const Operand& o = s.operands[k];
            if (o.kind != Operand::Kind::Ref || block[o.ref].op != Op::Mul) continue;
            return fmt::format("fmaf({}, {}, {})", c.atom(block, block[o.ref].operands[0]),
                               c.atom(block, block[o.ref].operands[1]), arg(1 - k));
          }
        return std::nullopt;
      case Op::Mul: return i32 && on(Mutant::I32NoWrap) ? std::optional(fmt::format("{} * {}", arg(0), arg(1))) : std::nullopt;
      case Op::Idiv: return on(Mutant::FloorDivision) ? std::optional(call_helper(kIdivFloor)) : std::nullopt;
      case Op::Mod: return on(Mutant::FloorDivision) ? std::optional(call_helper(kModFloor)) : std::nullopt;
      case Op::Max:
        if (f32 && on(Mutant::MaxFmaxf)) return fmt::format("fmaxf({}, {})", arg(0), arg(1));
        if (f32 && on(Mutant::MaxPython)) return fmt::format("{1} > {0} ? {1} : {0}", arg(0), arg(1));
        return std::nullopt;
      case Op::Cast:
        if (i32 && on(Mutant::CastNoSaturate) && c.operand_dtype(block, s.operands[0]) == DType::F32)
          return fmt::format("(int32_t){}", arg(0));
        if (f32 && on(Mutant::F32InDouble) && c.operand_dtype(block, s.operands[0]) == DType::I32)
          return fmt::format("(double){}", arg(0));
        return std::nullopt;
      case Op::Exp2: case Op::Log2: case Op::Sqrt:
        if (!on(Mutant::F32InDouble)) return std::nullopt;
        return fmt::format("{}({})", s.op == Op::Exp2 ? "exp2" : s.op == Op::Log2 ? "log2" : "sqrt", arg(0));
      case Op::Recip: return on(Mutant::F32InDouble) ? std::optional(fmt::format("1.0 / {}", arg(0))) : std::nullopt;
      default: return std::nullopt;
    }
  }
  bool c_view_adds_parent_offset() const override { return !render_.has(Mutant::ViewOffsetsNotAdded); }
  std::optional<std::string> c_range_bound(CSpelling& c, const std::vector<Stmt>& block,
                                           const Stmt& range) const override {
    // bound-inside-loop: a bound that is a load is read again on every iteration.
    const Operand& n = range.operands[0];
    if (render_.has(Mutant::BoundInsideLoop) && n.kind == Operand::Kind::Ref && block[n.ref].op == Op::Load)
      return fmt::format("{}[{}]", c.memory(block[n.ref].memory_root), c.atom(block, block[n.ref].operands[0]));
    return std::nullopt;
  }
  std::string_view c_range_comparison() const override { return render_.has(Mutant::RangeInclusive) ? "<=" : "<"; }
  std::optional<std::string> c_assert(const std::string& condition, int line) const override {
    if (render_.has(Mutant::AssertStopsProgram)) return fmt::format("if (!{}) return {};", condition, line);
    if (render_.has(Mutant::LastFailingAssert)) return fmt::format("if (!{}) failed_assert_line = {};", condition, line);
    return std::nullopt;
  }
  void c_kernel_params(std::vector<int>* buffers) const override {
    if (render_.has(Mutant::ParamsInFileOrder)) std::sort(buffers->begin(), buffers->end());
  }
  std::optional<int> c_alloc_fill() const override {
    // alloc-never-zeroed: what ASan's malloc leaves in fresh memory; alloc-zeroed-per-iteration
    // zeroes it where the alloc is placed instead.
    if (render_.has(Mutant::AllocNeverZeroed)) return 0xbe;
    if (render_.has(Mutant::AllocZeroedPerIteration)) return std::nullopt;
    return 0;
  }
  bool c_alloc_zeroed_where_placed() const override { return render_.has(Mutant::AllocZeroedPerIteration); }

 private:
  Mutants all_;     // the checks, the linearizer and run's printing
  Mutants render_;  // those that show in the rendered C
  Mutants run_;     // those that show in run (the interpreter's bugs)
};

}  // namespace

const OracleVariant& mutant_variant(const Mutants& mutants) {
  if (!mutants.any()) return OracleVariant::reference();
  // One variant per set of mutants, made once and kept: a Compiled points at it.
  static std::mutex lock;
  static std::map<uint64_t, std::unique_ptr<CatalogueVariant>> made;
  std::lock_guard<std::mutex> guard(lock);
  std::unique_ptr<CatalogueVariant>& variant = made[mutants.bits()];
  if (!variant) variant = std::make_unique<CatalogueVariant>(mutants);
  return *variant;
}

}  // namespace uirgrade
