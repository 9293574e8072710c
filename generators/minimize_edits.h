// The single edits of a parsed program that the minimiser (generators/minimize.cc) tries. Each is a
// pure function from a Program to a smaller or simpler Program; none checks that the result is
// valid (the minimiser compiles every candidate and keeps it only when it compiles as the original
// did). Indices are top-level statement positions; operands keep pointing at the right statements.
#pragma once

#include <optional>
#include <vector>

#include "oracle/program.h"

namespace uirgen {

/// The program without statement `root` and every statement that uses it, directly or not.
uir::Program without_cone(const uir::Program& program, int root);

/// The plainest literal of `dtype` (0, 1.0, true): what a dropped value's uses become.
uir::Operand literal_like(uir::DType dtype);

/// Every use of value statement `value` replaced by a literal: a constant expression's own value
/// (the validator's `constant`), else the plainest literal of its dtype. False when nothing uses
/// it (the program is then unchanged).
bool replace_uses_by_literal(uir::Program& program, int value);

/// Every use of statement `stmt` taken by statement `by` (which must be defined before them).
uir::Program with_uses_replaced(const uir::Program& program, int stmt, int by);

/// The loop of `end` (an end with one effect) run once at index 0: the end's uses take its effect,
/// the range's other uses the literal 0, and the range and end go.
uir::Program flattened_loop(const uir::Program& program, int end);

/// A load of the element a store has just written (through the after of that store, at the same
/// offset, same shape) replaced by the stored value: its uses take that value. nullopt when
/// `load` is not such a load.
std::optional<uir::Program> forwarded_load(const uir::Program& program, int load);

bool function_called(const uir::Program& program, int func);
/// The program without function `func`, the other functions' indices renumbered.
uir::Program without_function(const uir::Program& program, int func);

/// The open ranges of every top-level statement (spec §5.1), from the operands alone, so they are
/// right for an edited program that the validator has not seen.
std::vector<std::vector<int>> open_range_sets(const uir::Program& program);

/// What dropping a loop level typically breaks, mended: an after on a version that another after
/// with the same open ranges already extends (E-VERSION-FORK) extends the newest version of that
/// chain instead, so the program again has one chain of versions per buffer and loop.
uir::Program continue_forked_chains(uir::Program program);

/// Two memories (buffer or alloc statements of one dtype) made one chain of versions: `first`'s
/// uses take `second`, whose root is kept, and what used `second`'s root itself takes the newest
/// top-level version of what was `first`'s chain. nullopt when `first` has no top-level after or
/// an operand would then refer forward.
std::optional<uir::Program> chained_memories(const uir::Program& program, int first, int second);

/// The program with every f32 made i32: memories, casts, function parameters and returns, and
/// literals (converted as spec §3's cast does). A cast to f32 becomes a cast to the operand's own
/// type, which the bypass edit then drops; an op that needs f32 (sqrt, exp2, ...) makes it E-TYPE.
uir::Program all_i32(const uir::Program& program);

/// The smaller literals to try in place of the i32 literal `value`: 0, then 1 or -1 (towards 0).
std::vector<int32_t> lower_literals(int32_t value);

}  // namespace uirgen
