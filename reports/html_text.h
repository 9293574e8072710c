// Student bytes made safe for an HTML page: control and bidi-override characters shown as escapes
// (grader/feedback/display_text.h), then & < > " ' as character references, so that nothing a student
// prints or names itself can become markup or script.
#pragma once

#include <string>
#include <string_view>

namespace uirgrade {

/// For element content and quoted attribute values.
std::string html_text(std::string_view bytes);

/// For a path in an href: every byte outside [A-Za-z0-9._~/-] percent-encoded.
std::string url_path(std::string_view bytes);

}  // namespace uirgrade
