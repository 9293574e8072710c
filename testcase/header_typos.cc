// Misspelt-header detection: the first word of a header-shaped comment against each keyword.
#include "testcase/header_typos.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace uirgrade {

int typo_distance(std::string_view a, std::string_view b) {
  const size_t n = a.size(), m = b.size();
  std::vector<std::vector<int>> d(n + 1, std::vector<int>(m + 1));
  for (size_t i = 0; i <= n; ++i) d[i][0] = static_cast<int>(i);
  for (size_t j = 0; j <= m; ++j) d[0][j] = static_cast<int>(j);
  for (size_t i = 1; i <= n; ++i)
    for (size_t j = 1; j <= m; ++j) {
      int cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[n][m];
}

std::optional<std::string_view> misspelt_header_keyword(std::string_view text) {
  // Header shape: WORD, then at most one more token, then a colon (`expcet 0: ...`, `chekc: 0`).
  size_t colon = text.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  std::string_view before = text.substr(0, colon);
  size_t space = before.find_first_of(" \t");
  std::string word(before.substr(0, space));
  if (space != std::string_view::npos) {
    std::string_view token = before.substr(space);
    token.remove_prefix(std::min(token.find_first_not_of(" \t"), token.size()));
    while (!token.empty() && (token.back() == ' ' || token.back() == '\t')) token.remove_suffix(1);
    if (token.find_first_of(" \t") != std::string_view::npos) return std::nullopt;  // a sentence
  }
  if (word.empty() || !std::all_of(word.begin(), word.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); }))
    return std::nullopt;
  std::transform(word.begin(), word.end(), word.begin(), [](char c) { return std::tolower(static_cast<unsigned char>(c)); });
  std::optional<std::string_view> best;
  int best_distance = 3;
  for (std::string_view keyword : kHeaderKeywords) {
    int distance = typo_distance(word, keyword);
    int allowed = keyword.size() <= 4 ? 1 : 2;
    if (distance <= allowed && distance < best_distance) {
      best = keyword;
      best_distance = distance;
    }
  }
  return best;  // distance 0 too: `Expect:` with a capital is not a header either
}

std::optional<std::string_view> misspelt_render_word(std::string_view word) {
  std::string lower;
  for (char c : word) lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  std::string_view w = lower;
  if (typo_distance(w, "work") <= 1) return "work";
  std::string_view name = w.substr(0, w.find('='));
  if (w.find('=') != std::string_view::npos && typo_distance(name, "loops") <= 1) return "loops=N";
  return std::nullopt;
}

}  // namespace uirgrade
