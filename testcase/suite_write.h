// Writing suites in the format testcase/suite.h reads: a suite's manifest (suite.yaml) and a
// weeks.yaml, for the tools that make suites (uirgen, its kill suite). What is written reads back as
// what was given (suite_write_test.cc writes every key and loads it again); a key the reader learns
// is written here too.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "testcase/suite.h"

namespace uirgrade {

/// A suite's manifest. Only what differs from the reader's defaults is written (the defaults from
/// TestSettings{}, an entry from `defaults`), so a manifest says what it sets and nothing else; an
/// entry cannot unset a `timeout` or `modes` that `defaults` sets (the format has no key for it).
struct SuiteManifest {
  std::string heading;  // comment lines written first (who wrote it, with what arguments); "" for none
  int week = 0;         // the week that introduces the suite
  TestSettings defaults;
  /// The entries, in the order written: each test's file stem and its settings.
  std::vector<std::pair<std::string, TestSettings>> tests;
};

/// The text of a suite.yaml.
std::string suite_manifest_text(const SuiteManifest& manifest);

/// The text of a weeks.yaml of `plans`, each with the keys that differ from a WeekPlan's defaults.
/// Its `limits` are the keys the reader takes (ProcessLimits' others and CompileLimits::output_bytes
/// have none and read back as their defaults). `heading` is written first as comment lines.
std::string weeks_text(std::string_view heading, const std::vector<WeekPlan>& plans);

/// Writes SUITE_DIR/suite.yaml; an error message when it cannot.
std::optional<std::string> write_suite_manifest(const std::string& suite_dir, const SuiteManifest& manifest);

/// Writes SUITES_DIR/weeks.yaml; an error message when it cannot.
std::optional<std::string> write_weeks(const std::string& suites_dir, std::string_view heading,
                                       const std::vector<WeekPlan>& plans);

}  // namespace uirgrade
