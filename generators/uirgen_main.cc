// uirgen: writes a hidden suite of generated tests (see usage below). Everything it writes comes
// from make_fuzz_tests, so `grade --fuzz` and a written suite hold the same kind of tests.
#include <boost/filesystem.hpp>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "generators/fuzz.h"
#include "generators/kill_suite.h"
#include "testcase/suite_write.h"

namespace {

const char* kUsage = R"(NAME
    uirgen - generate a hidden test suite of random .uir programs

SYNOPSIS
    uirgen --week N --count N --seed S --out DIR [--invalid PERCENT]
    uirgen --kill-mutants --week N --out DIR [--count CANDIDATES] [--seed S]
    uirgen --help

DESCRIPTION
    Writes COUNT test files (gen_0001.uir, ...) and a suite.yaml manifest (visibility: hidden)
    into DIR. Valid programs are built for the week's feature set (week 1: values, functions,
    asserts; week 2: buffers, views, versions; week 3: loop nests, reductions, sibling loops)
    and carry full headers computed by the oracle: `# expect: exit N`, explicit `# data S:`,
    `# expect S:`, `# expect assert:` for a failing assert, and `# render` on every fourth.
    Invalid programs are valid ones with one flaw from the catalog of flaws; each carries
    `# expect: exit 2` and `# error: RULE`, and only programs on which the oracle reports
    exactly that rule at the flaw's line are kept. The first line of every program names the
    generator's week, seed and size.

    The same arguments always write byte-identical files.

OPTIONS
    --week N          the week's feature set: 1, 2 or 3 (required)
    --count N         number of tests (default 100)
    --seed S          the seed, a 64-bit unsigned integer (default 1); printed first
    --out DIR         the folder to write; created if missing (required). Rewriting a folder
                      uirgen wrote before first removes its old gen_*.uir files (a smaller
                      --count leaves none behind); a folder holding anything else is refused
    --invalid P       percentage of invalid programs (default 25)
    --kill-mutants    instead: a small suite that kills every mutant of the catalogue
                      (docs/mutants.md), chosen from --count generated candidates (default 100)
                      and the catalogue's programs; DIR gets kill/ and a weeks.yaml naming it, so
                      `grade mutants --suites DIR --week N` grades it alone
    --help            this text

EXIT STATUS
    0 on success, 2 on a usage error or when DIR cannot be written.

EXAMPLES
    uirgen --week 3 --count 200 --seed 2026 --out suites/week3_hidden
        200 week-3 tests, a quarter of them invalid. Then list week3_hidden under week 3's
        suites: in suites/weeks.yaml (grade check-suites reports a folder no week lists),
        and `grade check-suites suites` checks them.
    uirgen --week 1 --count 50 --seed 7 --invalid 0 --out /tmp/w1
        50 valid week-1 tests.
    diff -r <(uirgen --week 2 --count 10 --seed 5 --out /tmp/a >/dev/null; cat /tmp/a/*) \
            <(uirgen --week 2 --count 10 --seed 5 --out /tmp/b >/dev/null; cat /tmp/b/*)
        shows nothing: output is reproducible from the seed.
)";

/// A file uirgen writes: gen_NNNN.uir, or suite.yaml starting "# Written by: uirgen".
bool written_by_uirgen(const boost::filesystem::path& file) {
  std::string name = file.filename().string();
  if (name.size() == 12 && name.rfind("gen_", 0) == 0 && file.extension() == ".uir") return true;
  if (name != "suite.yaml") return false;
  std::ifstream in(file.string());
  std::string first;
  std::getline(in, first);
  return first.rfind("# Written by: uirgen", 0) == 0;
}

/// Regenerating into a folder must not leave the old run's files graded beside the new ones
/// (5 written, 12 graded): the old gen_*.uir go first. A folder with other files (a hand-written
/// suite, a typo in --out) is refused, naming one of them, rather than cleared. "" when done.
std::string clear_old_generated_files(const std::string& out_dir) {
  namespace bfs = boost::filesystem;
  std::vector<bfs::path> old;
  for (const bfs::directory_entry& entry : bfs::directory_iterator(out_dir)) {
    if (!written_by_uirgen(entry.path()))
      return "--out " + out_dir + " holds " + entry.path().filename().string() +
             ", which uirgen did not write: choose an empty or new folder (uirgen replaces only its own files)";
    old.push_back(entry.path());
  }
  boost::system::error_code error;
  for (const bfs::path& file : old) bfs::remove(file, error);
  if (!old.empty()) std::cout << "uirgen: removed " << old.size() << " files of an earlier run in " << out_dir << "\n";
  return "";
}

int usage_error(const std::string& message) {
  std::cerr << "uirgen: " << message << "\n(uirgen --help shows the options)\n";
  return 2;
}

bool parse_number(const std::string& text, unsigned long long* out) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) return false;
  errno = 0;
  *out = std::strtoull(text.c_str(), nullptr, 10);
  return errno == 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  unsigned long long week = 0, count = 100, seed = 1, invalid_percent = 25;
  std::string out_dir;
  bool kill_mutants = false;
  for (size_t k = 0; k < args.size(); ++k) {
    const std::string& arg = args[k];
    if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      return 0;
    }
    if (arg == "--kill-mutants") {
      kill_mutants = true;
      continue;
    }
    if (k + 1 >= args.size()) return usage_error("missing value after " + arg);
    const std::string& value = args[++k];
    unsigned long long* number = arg == "--week"      ? &week
                                 : arg == "--count"   ? &count
                                 : arg == "--seed"    ? &seed
                                 : arg == "--invalid" ? &invalid_percent
                                                      : nullptr;
    if (arg == "--out")
      out_dir = value;
    else if (!number)
      return usage_error("unknown option " + arg);
    else if (!parse_number(value, number))
      return usage_error(arg + " needs a non-negative integer, not '" + value + "'");
  }
  if (week < 1 || week > 3) return usage_error("--week must be 1, 2 or 3");
  if (out_dir.empty()) return usage_error("--out DIR is required");
  if (invalid_percent > 100) return usage_error("--invalid is a percentage (0 to 100)");
  std::cout << "uirgen: seed " << seed << "\n";
  if (kill_mutants) {
    uirgen::KillSuiteOptions options;
    options.week = static_cast<int>(week);
    options.seed = seed;
    options.candidates = static_cast<int>(count);
    options.out_dir = out_dir;
    return uirgen::write_kill_suite(options, std::cout);
  }

  boost::system::error_code error;
  boost::filesystem::create_directories(out_dir, error);
  if (error) return usage_error("cannot create " + out_dir + ": " + error.message());
  if (std::string refusal = clear_old_generated_files(out_dir); !refusal.empty()) return usage_error(refusal);

  int invalid = static_cast<int>(count * invalid_percent / 100);
  uirgen::FuzzStats stats;
  std::vector<uirgrade::TestCase> tests = uirgen::make_fuzz_tests(
      static_cast<int>(week), {{"valid", static_cast<int>(count) - invalid}, {"invalid", invalid}}, seed,
      &stats);

  auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream file((boost::filesystem::path(out_dir) / name).string(), std::ios::binary);
    file << text;
    return static_cast<bool>(file);
  };
  for (size_t k = 0; k < tests.size(); ++k) {
    char name[32];
    std::snprintf(name, sizeof name, "gen_%04zu.uir", k + 1);
    if (!write(name, tests[k].source)) return usage_error(std::string("cannot write ") + name);
  }
  uirgrade::SuiteManifest manifest;
  manifest.heading = "Written by: uirgen --week " + std::to_string(week) + " --count " + std::to_string(count) +
                     " --seed " + std::to_string(seed) + " --invalid " + std::to_string(invalid_percent);
  manifest.week = static_cast<int>(week);
  manifest.defaults.visibility = uirgrade::Visibility::Hidden;
  if (std::optional<std::string> unwritten = uirgrade::write_suite_manifest(out_dir, manifest))
    return usage_error(*unwritten);

  std::cout << "uirgen: wrote " << tests.size() << " tests (" << invalid << " invalid) and suite.yaml to "
            << out_dir << "\n";
  for (const auto& [name, applied] : stats.flaws_applied) {
    int discarded = stats.flaws_discarded.count(name) ? stats.flaws_discarded.at(name) : 0;
    std::cout << "  flaw " << name << ": " << applied << " applied, " << discarded << " discarded\n";
  }
  return 0;
}
