// `grade merge`: the JSON reports of the shards of one run (`--shard K/N`) become the report of the
// whole run. Shards fit together only when they are one run: the same seed, week and student, the
// same N, every index 1..N exactly once, and no test in two shards. Anything else is refused with a
// message naming the shard or the test, because a merged report that silently lacks a shard would
// under-grade the student.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>

#include "reports/report.h"
#include "reports/report_names.h"

namespace uirgrade {
namespace {

std::string shard_label(const RunInfo& info) {
  return fmt::format("shard {}/{}", info.shard_index, info.shard_count);
}

// The first way in which `info` is not the same run as `first`; empty when it is.
std::string run_mismatch(const RunInfo& first, const RunInfo& info) {
  if (info.seed != first.seed) {
    return fmt::format("{} has seed {} but {} has seed {}", shard_label(info), info.seed, shard_label(first),
                       first.seed);
  }
  if (info.week != first.week) {
    return fmt::format("{} graded week {} but {} graded week {}", shard_label(info), info.week,
                       shard_label(first), first.week);
  }
  if (info.student != first.student) {
    return fmt::format("{} graded \"{}\" but {} graded \"{}\"", shard_label(info), info.student,
                       shard_label(first), first.student);
  }
  return "";
}

}  // namespace

std::variant<Report, std::string> merge_reports(const std::vector<Report>& shards) {
  if (shards.empty()) return std::string("no reports to merge");
  const RunInfo& first = shards.front().info;
  const int count = first.shard_count;

  std::map<int, const Report*> by_index;
  for (size_t i = 0; i < shards.size(); ++i) {
    const RunInfo& info = shards[i].info;
    if (info.shard_count <= 0) {
      return fmt::format("report {} is not a shard (it was graded without --shard)", i + 1);
    }
    if (info.shard_count != count) {
      return fmt::format("{} and {} come from runs split in different ways", shard_label(first),
                         shard_label(info));
    }
    if (info.shard_index < 1 || info.shard_index > count) {
      return fmt::format("report {} is {}, which is outside 1..{}", i + 1, shard_label(info), count);
    }
    if (std::string mismatch = run_mismatch(first, info); !mismatch.empty()) {
      return mismatch + ": not shards of one run";
    }
    if (!by_index.emplace(info.shard_index, &shards[i]).second) {
      return fmt::format("{} is given twice", shard_label(info));
    }
  }
  std::vector<std::string> missing;
  for (int index = 1; index <= count; ++index) {
    if (!by_index.count(index)) missing.push_back(fmt::format("{}/{}", index, count));
  }
  if (!missing.empty()) {
    return fmt::format("{} {} {} missing", missing.size() == 1 ? "shard" : "shards", fmt::join(missing, ", "),
                       missing.size() == 1 ? "is" : "are");
  }

  Report merged;
  merged.info = first;
  merged.info.shard_index = 0;
  merged.info.shard_count = 0;
  merged.info.seconds = 0;
  std::vector<std::string> isolations;
  std::map<std::string, int> shard_of_test;  // by result_label: one name may be run and render
  for (const auto& [index, shard] : by_index) {
    // Shards run side by side (CI jobs), so the run took as long as its slowest shard.
    merged.info.seconds = std::max(merged.info.seconds, shard->info.seconds);
    // Shards may run on machines with different isolation: keep every distinct description.
    if (std::find(isolations.begin(), isolations.end(), shard->info.isolation) == isolations.end()) {
      isolations.push_back(shard->info.isolation);
    }
    for (const TestResult& result : shard->results) {
      auto [it, inserted] = shard_of_test.emplace(result_label(result), index);
      if (!inserted) {
        return fmt::format("test {} appears in shard {}/{} and in shard {}/{}", it->first, it->second, count,
                           index, count);
      }
      merged.results.push_back(result);
    }
  }
  merged.info.isolation = fmt::format("{}", fmt::join(isolations, "; "));
  std::sort(merged.results.begin(), merged.results.end(), result_order);
  return merged;
}

}  // namespace uirgrade
