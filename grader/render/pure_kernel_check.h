// The rules of a pure kernel (spec §6.2) checked on the text of the rendered C, before any
// compiler reads it: only `#include` of the eight listed headers, no file-scope object that is not
// const, calls only to its own functions and the allowed library (kernel_library.h), no `asm`,
// attributes, `_Pragma`, reserved identifiers, function pointers or variadic functions, only `for`
// loops. What the compiler produced is checked again afterwards (kernel_object_check.h, call_graph.h).
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "grader/render/c_tokens.h"

#include "grader/render/render_check.h"

namespace uirgrade {

/// The first violation (by line, then by place on the line) with a sentence a student can act on
/// (`calls system(), which a kernel may not call`), or nullopt.
std::optional<ForbiddenConstruct> find_impure_construct(std::string_view c);
/// The same on `tokens`, the tokens of `c` (tokenize_c), for a caller that has them already.
std::optional<ForbiddenConstruct> find_impure_construct(std::string_view c, std::vector<CToken> tokens);

}  // namespace uirgrade
