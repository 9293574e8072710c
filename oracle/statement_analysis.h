// The analysis of one statement (spec §2, §4): from its op's row in ops.def and its operands'
// analysed fields, the statement's own — result kind, dtype, length, memory root and version, open
// ranges, constant value, interval. The validator calls it on every statement that passed the
// statement rules (typecheck.h); the generator's builder calls it on every statement it writes, so
// both see one set of rules.
#pragma once

#include "oracle/program.h"
#include "oracle/variant.h"

namespace uir {

/// Where a statement sits: the top level (func_index -1) or the body of program.funcs[func_index].
struct StatementPlace {
  int func_index = -1;
  bool after_ret = false;  // a body statement that follows a `ret` (E-FUNC-BODY)
  const OracleVariant* variant = &OracleVariant::reference();  // how the checks may vary (oracle/variant.h)
};

/// Fills the analysed fields of statement `index` of its block. The statement must satisfy the
/// statement rules, and every earlier statement of its block (and every earlier function) must
/// have been analysed.
void analyse_statement(Program& program, StatementPlace place, int index);

}  // namespace uir
