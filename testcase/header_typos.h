// Comment lines in a test's header block that look like a misspelt header (`# expcet 0: 1 2`,
// `# chekc: 0`): the loader treats them as free text, so without a warning a typo silently drops
// a check. The suite self-check (grade check-suites) prints a warning for each.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace uirgrade {

/// The header keywords of spec §7 and our `about` (docs/decisions/suites.md).
inline constexpr std::string_view kHeaderKeywords[] = {"expect", "data", "check", "error", "render", "about"};

/// Edit distance counting a swap of two neighbouring letters as one edit (optimal string alignment).
int typo_distance(std::string_view a, std::string_view b);

/// For a comment's text (after `#` and blanks) that is not a header: the keyword it probably
/// misspells, when it is written like a header (`WORD:` or `WORD TOKEN:`) and WORD is one or two
/// edits from a keyword (one for keywords of four letters). nullopt for free text.
std::optional<std::string_view> misspelt_header_keyword(std::string_view comment_text);

/// For a word after `render:` that is not an option: the option it probably misspells (`wrok`,
/// `Work`, `works` -> `work`; `loop=3`, `lops=3` -> `loops=N`), one edit away (case ignored).
std::optional<std::string_view> misspelt_render_word(std::string_view word);

}  // namespace uirgrade
