// ProgramBuilder: the generator's model of the program it is writing. It appends statements to a
// uir::Program and keeps, per statement, what the validator would compute (kind, dtype, interval of
// spec §4.3, open ranges) plus what validity by construction needs beyond one statement:
//   * memories and their version chains (one store per version, one after per version);
//   * a precedence graph of "units" (a load or store outside loops, or a whole loop nest) with the
//     data edges and the load-before-overwriting-store edges of spec §4.1; a new edge that would
//     close a cycle is refused, so E-LOAD-ORDER cannot happen.
// Kind, dtype, length and interval come from the oracle's own statement analysis
// (oracle/statement_analysis.h), so an offset proven in bounds here is proven in bounds by the
// validator too; the rest of the model (versions, units) is the generator's own.
#pragma once

#include <bitset>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "generators/limits.h"
#include "oracle/program.h"

namespace uirgen {

inline constexpr int kMaxUnits = 256;
using Units = std::bitset<kMaxUnits>;

/// What the generator knows about one statement of the current block.
struct Info {
  uir::Kind kind = uir::Kind::None;
  uir::DType dtype = uir::DType::Void;
  std::optional<uir::Interval> interval;  // i32 values
  uint64_t ranges = 0;                    // open ranges, as bits of ProgramBuilder::ranges()
  Units units;                            // units this statement depends on (data)
  int memory = -1;                        // memories, views, loads, stores: index into memories()
  int version = -1;  // memories: own version id; views, loads, stores: the version they name
  int length = 0;    // memories and views
};

/// One buffer or alloc and its versions outside loops.
struct Memory {
  int stmt = -1;
  bool is_buffer = false;
  uir::DType dtype = uir::DType::I32;
  int length = 0;
  int current_version = -1;  // version id of the latest top-level version (stored into or not)
};

/// One version of a memory (a buffer/alloc or an after, at any depth).
struct Version {
  int stmt = -1;  // the statement that makes it
  int memory = -1;
  bool stored = false;            // a store already writes into it
  int store_unit = -1;            // the unit holding that store
  std::vector<int> loader_units;  // units holding loads of it
};

/// A range statement and its bound's interval.
struct RangeInfo {
  int stmt = -1;
  int32_t max_value = 0;  // interval hi of the range: max(0, hi(bound) - 1)
};

class ProgramBuilder {
 public:
  explicit ProgramBuilder(const GenLimits& limits) : limits_(limits) {}

  uir::Program& program() { return program_; }
  const GenLimits& limits() const { return limits_; }
  int statement_count() const;

  // --- blocks ---
  /// Starts a function body; statements go into it until end_function. Returns its index.
  int begin_function(const std::string& name, const std::vector<uir::DType>& params, uir::DType ret);
  void end_function(int ret_value_stmt);
  bool in_function() const { return function_ >= 0; }
  std::vector<uir::Stmt>& block();
  std::vector<Info>& infos();
  const Info& info(int stmt) const;

  // --- operands ---
  uir::Operand ref(int stmt) const;
  static uir::Operand literal_i32(int32_t value);
  static uir::Operand literal_f32(float value);
  /// An f32 literal with its own spelling (which must read back to `value` through strtof).
  static uir::Operand literal_f32_spelt(float value, std::string text);
  static uir::Operand literal_bool(bool value);

  // --- statements ---
  /// Appends a statement built from `op`, `operands` and attributes, computes its Info from the
  /// operands (spec §2, §4.3, §5.1), and returns its index in the current block.
  int add(uir::Op op, std::vector<uir::Operand> operands, const std::string& prefix,
          std::optional<uir::DType> dtype_attr = std::nullopt, int slot = -1, int shape = -1);
  /// A call of function `func` with `args`.
  int add_call(int func, std::vector<uir::Operand> args);

  // --- memory ---
  std::vector<Memory>& memories() { return memories_; }
  std::vector<Version>& versions() { return versions_; }
  /// A buffer (at `slot`, or the lowest free one when -1) or an alloc; `size` must have an exact
  /// interval.
  int new_memory(bool is_buffer, uir::DType dtype, uir::Operand size, int slot = -1);
  bool slot_free(int slot) const;
  /// `after m e` outside loops (when e has no open ranges) makes the memory's next top-level version.
  int add_after(int memory_stmt, int effect_stmt);

  // --- ranges ---
  std::vector<RangeInfo>& ranges() { return ranges_; }
  int add_range(uir::Operand bound);
  /// end over `range_stmt` of `effects`.
  int add_end(const std::vector<int>& effects, int range_stmt);

  // --- units and the precedence graph ---
  /// A new unit (a top-level load or store, or a loop nest); -1 when the limit is reached.
  int new_unit();
  /// Whether `unit` may depend on everything in `deps` (no cycle); if so, records the edges.
  bool depend(int unit, const Units& deps);
  /// Whether `unit` may load `version` (the load must run before the store into it; spec §4.1); if
  /// so, records the edges.
  bool may_load(int unit, int version);
  /// Records that `unit` stores into `version`: every loader of it must run first.
  bool may_store(int unit, int version);

 private:
  /// Whether adding edge before -> after keeps the graph acyclic (and then adds it).
  bool add_edge(int before, int after);
  /// The Info of an analysed statement of the current block (uir::analyse_statement filled it).
  Info model_info(const uir::Stmt& stmt) const;
  std::string fresh_name(const std::string& prefix);

  GenLimits limits_;
  uir::Program program_;
  std::vector<Info> top_infos_;
  int function_ = -1;
  std::vector<Info> function_infos_;
  std::vector<Memory> memories_;
  std::vector<Version> versions_;
  std::vector<RangeInfo> ranges_;
  std::vector<Units> reach_;  // reach_[u]: units that must run after u (transitively)
  int next_name_ = 0;
  int next_line_ = 1;
};

/// Statements of `program`, top-level and in bodies (`ret` included, parameters not).
int statement_count(const uir::Program& program);

}  // namespace uirgen
