#include "class/similarity_score.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <queue>

namespace uirgrade {
namespace {

uint64_t mix(uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

/// A fingerprint of one test: the same C in two tests is two pieces of evidence, not one.
uint64_t tagged(uint32_t test, uint64_t hash) { return mix(hash ^ mix(0x9e3779b97f4a7c15ull * (test + 1))); }

uint64_t failure_key(const FailureSignature& failure) {
  uint64_t hash = 1469598103934665603ull;
  for (const std::string* part : {&failure.test, &failure.verdict, &failure.digest}) {
    for (char c : *part) hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    hash = (hash ^ 0xff) * 1099511628211ull;  // a separator no text byte of a label or digest spells alone
  }
  return mix(hash);
}

/// ln(1 + n/df), or 0 when more than half of the n share it (and at least 3 do) or one alone has it
/// in a class of one.
double rarity_weight(size_t df, size_t n) {
  if (df == 0 || n == 0 || (df >= 3 && 2 * df > n)) return 0;
  return std::log(1.0 + static_cast<double>(n) / static_cast<double>(df));
}

std::vector<uint64_t> sorted_unique(std::vector<uint64_t> keys) {
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  return keys;
}

struct UnionFind {
  std::vector<uint32_t> parent;
  explicit UnionFind(size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  uint32_t find(uint32_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
  void join(uint32_t a, uint32_t b) { parent[find(a)] = find(b); }
};

struct Scored {
  double key;  // max(score, source)
  uint32_t a, b;
  double behaviour, failures, score, source;
};
// The heap's top is the worst kept pair: lower key, then later ids.
bool better(const Scored& x, const Scored& y) {
  if (x.key != y.key) return x.key > y.key;
  return std::tie(x.a, x.b) < std::tie(y.a, y.b);
}

using SourceRows = std::vector<std::vector<std::pair<uint32_t, double>>>;

/// Each student's later partners by source, so that a pair with no behaviour in common is scored too.
SourceRows source_rows(const std::map<std::string, uint32_t>& index_of, size_t n,
                       const std::map<std::pair<std::string, std::string>, double>& source) {
  SourceRows rows(n);
  for (const auto& [ids, value] : source) {
    auto x = index_of.find(ids.first), y = index_of.find(ids.second);
    if (x == index_of.end() || y == index_of.end() || x->second == y->second || value <= 0) continue;
    rows[std::min(x->second, y->second)].emplace_back(std::max(x->second, y->second), value);
  }
  return rows;
}

/// One row at a time: what student a shares with each later student b, from a's postings; the
/// students touched are those with something to score.
struct SharedRow {
  explicit SharedRow(size_t n) : renders(n, 0), failures(n, 0), source(n, 0), is_touched(n, 0) {}

  void touch(uint32_t b) {
    if (!is_touched[b]) {
      is_touched[b] = 1;
      touched.push_back(b);
    }
  }
  /// Adds `weight` to every later student of a posting's (sorted) `students`.
  void accumulate(const std::vector<uint32_t>& students, double weight, uint32_t a, std::vector<double>& shared) {
    if (weight == 0) return;
    for (auto b = std::upper_bound(students.begin(), students.end(), a); b != students.end(); ++b) {
      shared[*b] += weight;
      touch(*b);
    }
  }
  void clear(uint32_t b) {
    renders[b] = failures[b] = source[b] = 0;
    is_touched[b] = 0;
  }

  std::vector<double> renders, failures, source;
  std::vector<uint32_t> touched;
  std::vector<char> is_touched;
};

/// The clusters of more than two, each sorted, largest first.
std::vector<std::vector<std::string>> clusters_of(std::map<uint32_t, std::vector<std::string>> components) {
  std::vector<std::vector<std::string>> clusters;
  for (auto& [root, ids] : components)
    if (ids.size() > 2) {
      std::sort(ids.begin(), ids.end());
      clusters.push_back(std::move(ids));
    }
  std::stable_sort(clusters.begin(), clusters.end(), [](const auto& x, const auto& y) { return x.size() > y.size(); });
  return clusters;
}

}  // namespace

SimilarityIndex::SimilarityIndex(const std::map<std::string, std::string>& oracle_c) {
  for (const auto& [label, c] : oracle_c) {
    uint32_t test = test_id(label);
    for (const Fingerprint& fingerprint : fingerprints(c)) oracle_.insert(tagged(test, fingerprint.hash));
  }
}

uint32_t SimilarityIndex::test_id(const std::string& label) {
  auto [it, inserted] = test_ids_.emplace(label, static_cast<uint32_t>(test_labels_.size()));
  if (inserted) {
    test_labels_.push_back(label);
    renders_per_test_.push_back(0);
  }
  return it->second;
}

void SimilarityIndex::add_student(const std::string& id, const std::map<std::string, std::vector<Fingerprint>>& renders,
                                  const std::vector<FailureSignature>& failures) {
  const uint32_t index = static_cast<uint32_t>(students_.size());
  Student student;
  student.id = id;
  std::vector<uint64_t> render_keys, failure_keys;
  for (const auto& [label, prints] : renders) {
    uint32_t test = test_id(label);
    ++renders_per_test_[test];
    for (const Fingerprint& fingerprint : prints) {
      uint64_t key = tagged(test, fingerprint.hash);
      if (oracle_.contains(key)) continue;
      render_keys.push_back(key);
      render_postings_[key].test = test;
    }
  }
  for (const FailureSignature& failure : failures) {
    uint64_t key = failure_key(failure);
    failure_keys.push_back(key);
    failure_signatures_.emplace(key, failure);
  }
  student.renders = sorted_unique(std::move(render_keys));
  student.failures = sorted_unique(std::move(failure_keys));
  for (uint64_t key : student.renders) render_postings_[key].students.push_back(index);
  for (uint64_t key : student.failures) failure_postings_[key].students.push_back(index);
  students_.push_back(std::move(student));
}

double SimilarityIndex::render_weight(const Posting& posting) const {
  return rarity_weight(posting.students.size(), static_cast<size_t>(renders_per_test_[posting.test]));
}

double SimilarityIndex::failure_weight(const Posting& posting) const {
  return rarity_weight(posting.students.size(), students_.size());
}

double SimilarityIndex::weight(const std::string& test, uint64_t hash) const {
  auto id = test_ids_.find(test);
  if (id == test_ids_.end()) return 0;
  auto posting = render_postings_.find(tagged(id->second, hash));
  return posting == render_postings_.end() ? 0 : render_weight(posting->second);
}

SimilarityRanking SimilarityIndex::rank(const SimilarityOptions& options,
                                        const std::map<std::pair<std::string, std::string>, double>* source) const {
  const size_t n = students_.size();
  SourceRows source_row(n);
  if (source) {
    std::map<std::string, uint32_t> index_of;
    for (uint32_t s = 0; s < n; ++s) index_of[students_[s].id] = s;
    source_row = source_rows(index_of, n, *source);
  }
  SimilarityRanking ranking;
  ranking.students = n;
  ranking.pairs_in_class = n * (n - (n > 0 ? 1 : 0)) / 2;
  std::vector<double> render_mass(n, 0), failure_mass(n, 0);
  for (size_t s = 0; s < n; ++s) {
    for (uint64_t key : students_[s].renders) render_mass[s] += render_weight(render_postings_.at(key));
    for (uint64_t key : students_[s].failures) failure_mass[s] += failure_weight(failure_postings_.at(key));
  }
  const double behaviour_prior = options.behaviour_prior * std::log(1.0 + static_cast<double>(n));
  const double failure_prior = options.failure_prior * std::log(1.0 + static_cast<double>(n));

  SharedRow row(n);
  auto worse_on_top = [](const Scored& x, const Scored& y) { return better(x, y); };
  std::priority_queue<Scored, std::vector<Scored>, decltype(worse_on_top)> best(worse_on_top);
  UnionFind links(n);
  for (uint32_t a = 0; a < n; ++a) {
    for (uint64_t key : students_[a].renders) {
      const Posting& posting = render_postings_.at(key);
      row.accumulate(posting.students, render_weight(posting), a, row.renders);
    }
    for (uint64_t key : students_[a].failures) {
      const Posting& posting = failure_postings_.at(key);
      row.accumulate(posting.students, failure_weight(posting), a, row.failures);
    }
    for (const auto& [b, value] : source_row[a]) {
      row.source[b] = value;
      row.touch(b);
    }
    for (uint32_t b : row.touched) {
      double behaviour = row.renders[b] / (render_mass[a] + render_mass[b] - row.renders[b] + behaviour_prior);
      double failures = row.failures[b] / (failure_mass[a] + failure_mass[b] - row.failures[b] + failure_prior);
      double score = 1 - (1 - behaviour) * (1 - failures);
      double key = std::max(score, row.source[b]);
      ++ranking.pairs_scored;
      if (key >= options.cluster_threshold) links.join(a, b);
      if (key >= options.min_score && options.max_pairs > 0) {
        Scored scored{key, a, b, behaviour, failures, score, row.source[b]};
        if (best.size() < options.max_pairs) best.push(scored);
        else if (better(scored, best.top())) {
          best.pop();
          best.push(scored);
        }
      }
      row.clear(b);
    }
    row.touched.clear();
  }

  while (!best.empty()) {
    const Scored& top = best.top();
    ranking.pairs.push_back(describe(top.a, top.b, top.behaviour, top.failures, top.score, top.source));
    best.pop();
  }
  std::reverse(ranking.pairs.begin(), ranking.pairs.end());

  std::map<uint32_t, std::vector<std::string>> components;
  for (uint32_t s = 0; s < n; ++s) components[links.find(s)].push_back(students_[s].id);
  ranking.clusters = clusters_of(std::move(components));
  return ranking;
}

SimilarPair SimilarityIndex::describe(uint32_t a, uint32_t b, double behaviour, double failures, double score,
                                      double source) const {
  SimilarPair pair;
  pair.a = students_[a].id;
  pair.b = students_[b].id;
  if (pair.b < pair.a) std::swap(pair.a, pair.b);
  pair.behaviour = behaviour;
  pair.failures = failures;
  pair.score = score;
  pair.source = source;
  std::vector<uint64_t> shared;
  std::set_intersection(students_[a].renders.begin(), students_[a].renders.end(), students_[b].renders.begin(),
                        students_[b].renders.end(), std::back_inserter(shared));
  std::map<uint32_t, double> by_test;
  for (uint64_t key : shared) {
    const Posting& posting = render_postings_.at(key);
    by_test[posting.test] += render_weight(posting);
  }
  for (const auto& [test, weight] : by_test)
    if (weight > pair.best_test_shared) {
      pair.best_test_shared = weight;
      pair.best_test = test_labels_[test];
    }
  shared.clear();
  std::set_intersection(students_[a].failures.begin(), students_[a].failures.end(), students_[b].failures.begin(),
                        students_[b].failures.end(), std::back_inserter(shared));
  for (uint64_t key : shared) {
    const Posting& posting = failure_postings_.at(key);
    if (failure_weight(posting) > 0)
      pair.shared_failures.push_back({failure_signatures_.at(key), static_cast<int>(posting.students.size())});
  }
  std::stable_sort(pair.shared_failures.begin(), pair.shared_failures.end(),
                   [](const SharedFailure& x, const SharedFailure& y) { return x.students < y.students; });
  return pair;
}

}  // namespace uirgrade
