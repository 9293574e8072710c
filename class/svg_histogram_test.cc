#include "class/svg_histogram.h"

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

size_t count_of(const std::string& text, const std::string& what) {
  size_t count = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++count;
  return count;
}

TEST(GraderSvgHistogram, Bins) {
  EXPECT_EQ(histogram_counts({0, 9.9, 10, 55, 100, 100, -3, 140}, 10),
            (std::vector<int>{3, 1, 0, 0, 0, 1, 0, 0, 0, 3}));
  EXPECT_EQ(histogram_counts({}, 4), (std::vector<int>{0, 0, 0, 0}));
}

TEST(GraderSvgHistogram, OneBarPerBinScaledToTheTallest) {
  std::string svg = svg_histogram({5, 15, 15, 95}, 10);
  EXPECT_TRUE(svg.starts_with("<svg id=\"histogram\""));
  EXPECT_TRUE(svg.ends_with("</svg>"));
  EXPECT_EQ(count_of(svg, "<rect class=\"bin\""), 10u);
  EXPECT_NE(svg.find("height=\"160\" fill=\"#4a78b5\"><title>10-20%: 2 students</title>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("height=\"80\" fill=\"#4a78b5\"><title>0-10%: 1 student</title>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("height=\"0\" fill=\"#4a78b5\"><title>20-30%: 0 students</title>"), std::string::npos) << svg;
}

TEST(GraderSvgHistogram, RateBar) {
  EXPECT_NE(svg_rate_bar(0.25, 160).find("<rect width=\"40.0\" height=\"12\" fill=\"#c0392b\"/>"), std::string::npos);
  EXPECT_NE(svg_rate_bar(1.0, 100).find("width=\"100.0\" height=\"12\" fill=\"#3a9a4a\""), std::string::npos);
}

}  // namespace
}  // namespace uirgrade
