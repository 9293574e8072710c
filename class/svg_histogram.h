// Inline SVG charts for the class report, drawn by hand so that the page needs no script and no
// network: a histogram of scores and a horizontal bar for a rate.
#pragma once

#include <string>
#include <vector>

namespace uirgrade {

/// How many of `percents` (0..100) fall in each of `bins` equal bins; 100 goes in the last.
std::vector<int> histogram_counts(const std::vector<double>& percents, int bins);

/// A bar chart of histogram_counts: one <rect class="bin"> per bin, with the count above it, the
/// bin's range below it and a <title> on each for the tooltip.
std::string svg_histogram(const std::vector<double>& percents, int bins = 10);

/// A bar of `fraction` (0..1) of `width` pixels, green above 0.8, amber above 0.5, red below.
std::string svg_rate_bar(double fraction, int width = 160);

}  // namespace uirgrade
