// The bytes a rendered kernel may consist of (spec §6.2): at most 1 MiB of UTF-8 text, lines ended
// by LF (a CR only directly before an LF), no control character but tab and form feed; and none of
// the spellings that make gcc read other characters than the ones written: trigraphs (`??=` is `#`
// under -std=c11) and line splices (a backslash ending a line joins it to the next, so a `//`
// comment goes on, a directive continues, a word is cut in two). A renderer has no reason to emit
// any of them, and with them refused the grader's tokenizer (c_tokens.h) and gcc read the same
// characters, line by line. Checked first, before any other rule reads the text.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

#include "grader/render/render_check.h"

namespace uirgrade {

/// The most a rendered kernel may be (spec §6.2); the oracle's are a few KiB.
inline constexpr size_t kMaxKernelBytes = size_t{1} << 20;

/// The first byte of `c` that spec §6.2 does not allow in a kernel's text, with its line, the
/// line's text made readable (no raw control byte) and a sentence naming the rule; nullopt when
/// the text is plain. One pass over the bytes.
std::optional<ForbiddenConstruct> find_unreadable_kernel_text(std::string_view c);

/// The verdict for a render whose stdout was cut at kMaxKernelBytes: the kernel is larger than spec
/// §6.2 allows. `kept` is what was kept; the line is where the limit falls.
ForbiddenConstruct kernel_too_large(std::string_view kept);

}  // namespace uirgrade
