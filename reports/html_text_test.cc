#include "reports/html_text.h"

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

TEST(GraderHtmlText, MarkupBecomesText) {
  EXPECT_EQ(html_text("<script>alert('x')</script> & \"q\""),
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;");
  EXPECT_EQ(html_text("plain"), "plain");
  // Control characters are spelled out (display_text.h), so none reaches the page raw.
  EXPECT_EQ(html_text("a\x1b[31mb").find('\x1b'), std::string::npos);
}

TEST(GraderHtmlText, UrlPath) {
  EXPECT_EQ(url_path("students/ann.txt"), "students/ann.txt");
  EXPECT_EQ(url_path("students/\"><script>.txt"), "students/%22%3E%3Cscript%3E.txt");
  EXPECT_EQ(url_path("a b#?"), "a%20b%23%3F");
}

}  // namespace
}  // namespace uirgrade
