// The printer: a Program back to .uir text (spec §1, §3) that the parser reads back to the same
// program. The generators and the minimiser build or edit Programs and print them.
#pragma once

#include <string>

#include "oracle/program.h"

namespace uir {

/// The program as .uir text: functions and top-level statements interleaved by their `line` fields
/// (a function first on a tie), bodies indented by two spaces, one statement per line, no comments.
/// A Ref operand prints the name of the statement it refers to (its own `text` when ref is -1).
std::string print_program(const Program& program);

/// One statement as it appears on its line, without indentation. `block` is the block holding it
/// (for the names of Ref operands), `program` supplies function names.
std::string print_stmt(const Program& program, const std::vector<Stmt>& block, const Stmt& stmt);

/// A spelling of `value` that spec §1 reads as an f32 literal and that strtof gives back exactly
/// ("1.5", "1.0e+10", "-0.0", "inf", "nan").
std::string f32_literal_text(float value);

}  // namespace uir
