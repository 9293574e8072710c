#include "class/svg_histogram.h"

#include <algorithm>

#include <fmt/format.h>

namespace uirgrade {
namespace {

constexpr int kBarWidth = 48, kGap = 6, kPlotHeight = 160, kTop = 20, kBottom = 36, kLeft = 8;

}  // namespace

std::vector<int> histogram_counts(const std::vector<double>& percents, int bins) {
  std::vector<int> counts(static_cast<size_t>(std::max(bins, 1)), 0);
  for (double percent : percents) {
    int bin = static_cast<int>(std::clamp(percent, 0.0, 100.0) * bins / 100.0);
    ++counts[static_cast<size_t>(std::min(bin, bins - 1))];
  }
  return counts;
}

std::string svg_histogram(const std::vector<double>& percents, int bins) {
  std::vector<int> counts = histogram_counts(percents, bins);
  int highest = std::max(1, *std::max_element(counts.begin(), counts.end()));
  int width = kLeft * 2 + bins * (kBarWidth + kGap);
  int height = kTop + kPlotHeight + kBottom;
  std::string svg = fmt::format(
      "<svg id=\"histogram\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" "
      "role=\"img\" aria-label=\"score histogram\">\n",
      width, height, width, height);
  svg += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#555\"/>\n", kLeft, kTop + kPlotHeight,
                     width - kLeft, kTop + kPlotHeight);
  for (int k = 0; k < bins; ++k) {
    int count = counts[static_cast<size_t>(k)];
    int bar = count * kPlotHeight / highest;
    int x = kLeft + k * (kBarWidth + kGap);
    int low = 100 * k / bins, high = 100 * (k + 1) / bins;
    svg += fmt::format(
        "<rect class=\"bin\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#4a78b5\"><title>{}-{}%: {} "
        "student{}</title></rect>\n",
        x, kTop + kPlotHeight - bar, kBarWidth, bar, low, high, count, count == 1 ? "" : "s");
    if (count > 0)
      svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"12\">{}</text>\n",
                         x + kBarWidth / 2, kTop + kPlotHeight - bar - 4, count);
    svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"11\">{}-{}</text>\n",
                       x + kBarWidth / 2, kTop + kPlotHeight + 16, low, high);
  }
  svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"12\">score (% of max)</text>\n",
                     width / 2, height - 4);
  return svg + "</svg>";
}

std::string svg_rate_bar(double fraction, int width) {
  fraction = std::clamp(fraction, 0.0, 1.0);
  const char* colour = fraction > 0.8 ? "#3a9a4a" : fraction > 0.5 ? "#d49a1a" : "#c0392b";
  return fmt::format(
      "<svg class=\"rate\" width=\"{0}\" height=\"12\"><rect width=\"{0}\" "
      "height=\"12\" fill=\"#e4e4e4\"/><rect width=\"{1:.1f}\" height=\"12\" fill=\"{2}\"/></svg>",
      width, fraction * width, colour);
}

}  // namespace uirgrade
