// Hand-written option parsing: the grammar is small and the error messages matter more than
// generality. Every option takes `--opt VALUE` or `--opt=VALUE`. Reports are given as
// `--format F [--output FILE]` pairs: each --output belongs to the --format before it.
#include "cli/options.h"

#include <fnmatch.h>

#include <charconv>
#include <cstdlib>
#include <random>
#include <set>

#include <fmt/format.h>

#include "grader/last_failed.h"

namespace uirgrade {
namespace {

template <typename Int>
bool parse_int(const std::string& text, Int* value) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *value);
  return ec == std::errc() && end == text.data() + text.size() && !text.empty();
}

/// 64 bits from the system's entropy source: unpredictable to a student, who can see neither the
/// grader's memory nor its output before the run.
uint64_t random_seed() {
  std::random_device entropy;
  return (static_cast<uint64_t>(entropy()) << 32) ^ entropy();
}

bool parse_seconds(const std::string& text, double* value) {
  char* end = nullptr;
  *value = std::strtod(text.c_str(), &end);
  return !text.empty() && end == text.c_str() + text.size() && *value > 0 && *value < 1e6;
}

std::optional<Format> parse_format(const std::string& text) {
  if (text == "text") return Format::Text;
  if (text == "json") return Format::Json;
  if (text == "junit") return Format::Junit;
  if (text == "gradescope") return Format::Gradescope;
  return std::nullopt;
}

/// The words of `grade COMMAND`; no word grades one student.
constexpr std::pair<std::string_view, Command> kCommandWords[] = {
    {"class", Command::Class},           {"merge", Command::Merge},     {"similarity", Command::Similarity},
    {"check-suites", Command::CheckSuites}, {"mutants", Command::Mutants},
};

std::string old_spelling_note(std::string_view flag, std::string_view word) {
  return fmt::format("`grade {}` is spelt `grade {}` now; the old spelling still works", flag, word);
}

}  // namespace

std::string_view format_name(Format format) {
  switch (format) {
    case Format::Text: return "text";
    case Format::Json: return "json";
    case Format::Junit: return "junit";
    case Format::Gradescope: return "gradescope";
  }
  return "?";
}

bool glob_matches(const std::string& pattern, const std::string& name) {
  return fnmatch(pattern.c_str(), name.c_str(), 0) == 0;
}

std::variant<Options, UsageError> parse_options(const std::vector<std::string>& args, int default_jobs,
                                                const std::string& default_suites_dir) {
  Options options;
  options.jobs = default_jobs > 0 ? default_jobs : 1;
  options.suites_dir = default_suites_dir;
  std::vector<std::string> positional;
  bool format_seen = false;
  bool week_seen = false;

  // `grade COMMAND ...`: the command is the first word; no word grades one student.
  std::optional<Command> word;
  size_t k = 0;
  if (!args.empty()) {
    for (const auto& [name, command] : kCommandWords) {
      if (args[0] != name) continue;
      options.command = command;
      word = command;
      k = 1;
    }
  }
  for (; k < args.size(); ++k) {
    std::string arg = args[k];
    if (arg.size() < 2 || arg[0] != '-' || arg == "--") {
      if (arg == "--") {
        positional.insert(positional.end(), args.begin() + static_cast<long>(k) + 1, args.end());
        break;
      }
      positional.push_back(arg);
      continue;
    }
    std::optional<std::string> inline_value;
    if (arg.size() > 2 && arg.starts_with("-j") && arg[2] != '=') {  // -j8, as make and ninja take it
      inline_value = arg.substr(2);
      arg.resize(2);
    } else if (size_t eq = arg.find('='); eq != std::string::npos) {
      inline_value = arg.substr(eq + 1);
      arg.resize(eq);
    }
    auto value = [&]() -> std::optional<std::string> {
      if (inline_value) return inline_value;
      if (k + 1 < args.size()) return args[++k];
      return std::nullopt;
    };
    auto missing = [&] { return UsageError{fmt::format("{} needs a value (see grade --help)", arg)}; };
    auto bad = [&](const std::string& v, std::string_view want) {
      return UsageError{fmt::format("{} {}: expected {}", arg, v, want)};
    };

    if (arg == "-h" || arg == "--help") {
      if (word) options.help_for = word;
      else if (options.command != Command::Grade) options.help_for = options.command;  // grade --mutants --help
      options.command = Command::Help;
      return options;
    } else if (arg == "--check-suites") {
      // The old spelling of `grade check-suites [DIR]`, still taken.
      options.command = Command::CheckSuites;
      options.notes.push_back(old_spelling_note("--check-suites", "check-suites"));
      // Optional DIR: `--check-suites=DIR`, or a following argument that is not an option.
      if (inline_value) options.suites_dir = *inline_value;
      else if (k + 1 < args.size() && args[k + 1].rfind("-", 0) != 0) options.suites_dir = args[++k];
      options.suites_dir_given = options.suites_dir != default_suites_dir;
      continue;
    } else if (arg == "--coverage" || arg == "--quiet" || arg == "-q" || arg == "--last-failed" ||
               arg == "--similarity") {
      if (inline_value) return UsageError{fmt::format("{} takes no value", arg)};
      if (arg == "--coverage") options.coverage = true;
      else if (arg == "--similarity") options.similarity = true;
      else if (arg == "--last-failed") options.last_failed = true;
      else options.quiet = true;
      continue;
    }
    if (arg == "--mutants") {
      // The old spelling of `grade mutants [LIST]`, still taken.
      options.command = Command::Mutants;
      options.notes.push_back(old_spelling_note("--mutants", "mutants"));
      if (inline_value) options.mutants = *inline_value;
      else if (k + 1 < args.size() && args[k + 1].rfind("-", 0) != 0) options.mutants = args[++k];
      else options.mutants = "all";
      continue;
    }
    static const std::set<std::string, std::less<>> kWithValue = {
        "--week", "--suites", "--jobs", "-j", "--timeout", "--seed", "--only", "--max-failures", "--format",
        "--output", "-o", "--shard", "--keep", "--sandbox", "--fuzz", "--json",
        "--out", "--student-budget", "--mutants-json", "--handout"};
    if (!kWithValue.contains(arg)) return UsageError{fmt::format("unknown option {} (see grade --help)", arg)};
    auto v = value();
    if (!v) return missing();
    if (arg == "--week") {
      if (!parse_int(*v, &options.week) || options.week < 1) return bad(*v, "a week number (1, 2, 3, ...)");
      week_seen = true;
    } else if (arg == "--suites") {
      options.suites_dir = *v;
      options.suites_dir_given = true;
    } else if (arg == "--jobs" || arg == "-j") {
      if (!parse_int(*v, &options.jobs) || options.jobs < 1 || options.jobs > 1024)
        return bad(*v, "a number of parallel tests from 1 to 1024");
    } else if (arg == "--timeout") {
      double seconds = 0;
      if (!parse_seconds(*v, &seconds)) return bad(*v, "a positive number of seconds");
      options.timeout_seconds = seconds;
    } else if (arg == "--student-budget") {
      double seconds = 0;
      if (!parse_seconds(*v, &seconds)) return bad(*v, "a positive number of seconds");
      options.student_budget_seconds = seconds;
    } else if (arg == "--seed") {
      options.seed_is_secret = *v == "random";
      if (options.seed_is_secret) options.seed = random_seed();
      else if (!parse_int(*v, &options.seed)) return bad(*v, "an unsigned 64-bit integer, or random");
    } else if (arg == "--only") {
      options.only.push_back(*v);
    } else if (arg == "--max-failures") {
      if (!parse_int(*v, &options.max_failures) || options.max_failures < 1)
        return bad(*v, "a positive number of failures");
    } else if (arg == "--format") {
      auto format = parse_format(*v);
      if (!format) return bad(*v, "text, json, junit or gradescope");
      options.outputs.push_back({*format, ""});
      format_seen = true;
    } else if (arg == "--output" || arg == "-o") {
      if (options.outputs.empty() || !format_seen)
        return UsageError{"--output must follow the --format it is for (e.g. --format json --output r.json)"};
      if (!options.outputs.back().path.empty())
        return UsageError{fmt::format("--output {}: the --format before it already has an --output", *v)};
      options.outputs.back().path = *v;
    } else if (arg == "--shard") {
      options.shard = parse_shard(*v);
      if (!options.shard) return bad(*v, "K/N with 1 <= K <= N, e.g. 2/4");
    } else if (arg == "--keep") {
      options.keep_dir = *v;
    } else if (arg == "--sandbox") {
      auto sandbox = parse_sandbox(*v);
      if (!sandbox) return bad(*v, "auto, namespaces, uid or none");
      options.sandbox = *sandbox;
    } else if (arg == "--json") {
      options.mutants_json = *v;
    } else if (arg == "--fuzz") {
      if (!parse_int(*v, &options.fuzz) || options.fuzz < 0) return bad(*v, "a number of generated programs");
    } else if (arg == "--out") {
      options.out_dir = *v;
    } else if (arg == "--mutants-json") {
      options.mutant_kills_file = *v;
    } else if (arg == "--handout") {
      options.handout_dir = *v;
    }
  }

  if (options.outputs.empty()) options.outputs.push_back({Format::Text, ""});
  int on_stdout = 0;
  for (const ReportOutput& output : options.outputs) on_stdout += output.path.empty() ? 1 : 0;
  if (on_stdout > 1) return UsageError{"only one --format can go to stdout: give the others an --output FILE"};

  const bool of_a_class = options.command == Command::Class || options.command == Command::Merge ||
                          options.command == Command::Similarity;
  bool class_only = !options.out_dir.empty() || !options.mutant_kills_file.empty();
  if (class_only && !of_a_class)
    return UsageError{"--out and --mutants-json are options of `grade class` (see grade --help)"};
  if (options.similarity && !of_a_class)
    return UsageError{"--similarity is an option of `grade class` and `grade merge --out` (see grade --help)"};
  if (!options.handout_dir.empty() && !options.similarity && options.command != Command::Similarity)
    return UsageError{"--handout goes with --similarity or `grade similarity` (see grade --help)"};
  switch (options.command) {
    case Command::Merge:
      if (positional.empty()) return UsageError{"grade merge needs the JSON reports (or class directories) to merge"};
      if (options.similarity && options.out_dir.empty())
        return UsageError{"--similarity goes with `grade merge --out DIR` of class directories"};
      options.merge_files = positional;
      break;
    case Command::Class:
      if (!week_seen) return UsageError{"missing --week N (see grade --help)"};
      if (positional.size() != 1)
        return UsageError{positional.empty() ? "missing SUBMISSIONS: a directory of student folders or a roster CSV"
                                             : fmt::format("one SUBMISSIONS expected, got {}", positional.size())};
      if (!options.keep_dir.empty()) return UsageError{"grade class keeps no cases (--keep): rerun one student for that"};
      options.submissions = positional[0];
      if (options.out_dir.empty()) options.out_dir = kDefaultClassOut;
      break;
    case Command::Similarity:
      if (positional.size() != 1 || !options.out_dir.empty())
        return UsageError{"grade similarity takes one CLASS_DIR, the --out of a `grade class` run"};
      options.out_dir = positional[0];
      options.similarity = true;
      break;
    case Command::CheckSuites:
      if (!word && !positional.empty())
        return UsageError{fmt::format("--check-suites takes no student (got {})", positional[0])};
      if (positional.size() > 1)
        return UsageError{fmt::format("grade check-suites takes one DIR of suites, got {}", positional.size())};
      if (positional.size() == 1) {
        options.suites_dir = positional[0];
        options.suites_dir_given = options.suites_dir != default_suites_dir;
      }
      break;
    case Command::Grade:
      if (options.coverage) return UsageError{"--coverage goes with `grade check-suites`"};
      if (!week_seen) return UsageError{"missing --week N (see grade --help)"};
      if (positional.size() != 1)
        return UsageError{positional.empty() ? "missing STUDENT: the path of the compiler to grade"
                                             : fmt::format("one STUDENT expected, got {}", positional.size())};
      options.student = positional[0];
      options.last_failed_file = last_failed_path(".", options.week);
      break;
    case Command::Mutants:
      if (!week_seen) return UsageError{"grade mutants needs --week N (see grade mutants --help)"};
      if (!word && !positional.empty())
        return UsageError{fmt::format("--mutants takes no student (got {})", positional[0])};
      if (positional.size() > 1)
        return UsageError{fmt::format("grade mutants takes one list of mutants (all, or NAME,NAME), got {} words",
                                      positional.size())};
      if (positional.size() == 1) options.mutants = positional[0];
      if (options.mutants.empty()) options.mutants = "all";
      break;
    case Command::Help: break;
  }
  return options;
}

namespace {

constexpr const char* kSynopsis = R"(SYNOPSIS
    grade --week N STUDENT [options]
    grade class --week N SUBMISSIONS [--out DIR] [options]
    grade merge REPORT.json... [--format F [--output FILE]]...
    grade merge --out DIR CLASS_SHARD_DIR... [--similarity]
    grade similarity CLASS_DIR [--handout DIR] [--mutants-json FILE]
    grade check-suites [DIR] [--coverage]
    grade mutants [all|NAME,...] --week N [--json FILE] [--suites DIR] [--fuzz N] [--jobs N]
    grade COMMAND --help    the synopsis and options of one command
    (`grade --check-suites` and `grade --mutants` still work, with a note on stderr.)
)";

constexpr const char* kGradeOne = R"(GRADING ONE STUDENT
    grade --week N STUDENT [options]
    Runs every test of week N's suites and generated programs against STUDENT, an
    executable with the commands `run PROG.uir` and `render PROG.uir` (spec section 6), and compares
    each outcome with the oracle's, computed in-process. Tests run in parallel in fresh working
    directories, under time, memory and output limits.

    --week N            the week to grade (required)
    --suites DIR        where the suites live (default: the repository's suites/)
    --jobs N, -j N      tests run in parallel (default: the number of cores)
    --timeout S         wall-clock (and CPU) seconds per student command at most: caps the week's
                        plan and every suite's own timeout for a test (default: those)
    --student-budget S  stop grading this student after S seconds of wall-clock time: the tests
                        not yet graded fail, marked "not run: the student's time budget ran out"
    --seed S            seed of the random data and generated programs (default: {}); printed
                        first in every report, and in every reproduce command
    --seed random       a fresh seed for this run, written only to the instructor-facing
                        output (the JSON report's "seed", Gradescope's extra_data), never to
                        what a student sees; pass it back as --seed N to reproduce the run
    --only GLOB         grade only tests whose name matches (e.g. 'week3/acc*', 'fuzz/*');
                        repeat to give several
    --max-failures N    stop starting tests after N failures (the rest fail, marked "not run")
    --last-failed       grade only the tests that failed in the last run of this week and student
                        (read from .uirgrade/last-failed-week<N>.txt; all tests when there is none)
    --quiet, -q         no progress lines on stderr (problems and the report still print)
    --format F          report format: text, json, junit or gradescope (default: text on stdout)
    --output FILE       where the --format just before it goes (default: stdout); repeat the pair
                        for several reports in one run
    --shard K/N         grade only shard K of N (a deterministic split; join with `grade merge`)
    --keep DIR          write every failing case to DIR/<test name>/ (program, data, expected and
                        actual output, and a script that reproduces it)
    --sandbox MODE      how students are isolated: auto (the strongest available), namespaces
                        (bubblewrap; fail if unusable), uid (root: a borrowed uid per run, the
                        grader's paths checked private), none (no isolation: every report warns)
    --fuzz N            grade N generated programs (named fuzz/<n>, three valid for one invalid)
                        instead of the number the week's plan asks for
    -h, --help          this text
)";

constexpr const char* kGradeClass = R"(GRADING A CLASS
    grade class --week N SUBMISSIONS [--out DIR] [options]
    grade class grades every student of SUBMISSIONS (a directory with one folder per student,
    named by the student id, holding student-uirc; or a roster CSV of id,path rows) in one run, with
    the same tests and seed, and writes into DIR (default: {}): students/<id>.json and .txt (each
    student's report), gradebook.csv, class.html (the class report) and state/ (for resuming). A
    missing or non-executable submission scores 0 with the reason. Rerunning the same command
    resumes: students already graded with the same tests, seed and submission are not graded again.
    --shard K/N grades every N-th student; `grade merge --out DIR SHARD_DIR...` joins the shards.
    --week N            the week to grade (required)
    --out DIR           where the class's reports go
    --shard K/N         grade only every N-th student, from the K-th
    --student-budget S  wall-clock seconds one student may take in all; tests not started by then
                        are time-outs (a hung student cannot hold up the class)
    --mutants-json FILE `grade mutants --json` output: the class report names the catalogued bug
                        each student's failures resemble most
    --similarity        also rank the pairs of students whose compilers behave most alike (the C
                        they render, with names, literals and layout set aside and the oracle's own
                        C discounted; the same failures with the same wrong output, weighted by
                        rarity): a section of class.html, DIR/similarity.csv and .json. For the
                        instructor only; nothing of it reaches a student's report. The evidence
                        it reads (DIR/similarity/) is kept by every class run, so
                        `grade similarity DIR` ranks a class graded before. Where a student's
                        folder holds source files, they are compared too, by Debian's
                        similarity-tester (sim_c, sim_c++, sim_java, ...; sim_text for other
                        languages), and ranked beside the behaviour.
    --handout DIR       with --similarity: the instructor's handout code; text of a student's
                        source found in it is not evidence.
    and, as for one student: --suites DIR, --jobs N, --timeout S, --seed S, --fuzz N,
    --max-failures N, --sandbox MODE, --quiet
)";

constexpr const char* kMerge = R"(MERGING
    grade merge REPORT.json... [--format F [--output FILE]]...
    grade merge --out DIR CLASS_SHARD_DIR... [--similarity]
    Joins the JSON reports of one student's shards (`grade --shard K/N --format json`) into one
    report in every format asked for, or the output directories of a class's shards
    (`grade class --shard K/N --out SHARD_DIR`) into one class in DIR.
    --format F          report format: text, json, junit or gradescope (default: text on stdout)
    --output FILE       where the --format just before it goes (default: stdout)
    --out DIR           merge class shards into DIR
    --similarity        with --out: also the similarity report of the merged class
)";

constexpr const char* kSimilarity = R"(SIMILARITY
    grade similarity CLASS_DIR [--handout DIR] [--mutants-json FILE]
    Ranks the pairs of students of a class graded before (the --out of `grade class`) whose
    compilers behave most alike, from the evidence that run kept (CLASS_DIR/similarity/), and
    writes CLASS_DIR/similarity.csv and .json and the section of class.html; the students' source
    files kept there are compared too, by Debian's similarity-tester.
    --handout DIR       the instructor's handout code; text of a student's source found in it is
                        not evidence
    --mutants-json FILE `grade mutants --json` output, as for `grade class`
)";

constexpr const char* kCheckSuites = R"(CHECKING SUITES
    grade check-suites [DIR] [--coverage]
    Checks the suites in DIR (default: the repository's suites/) against the oracle and exits:
    every broken header, manifest entry and disagreement, with its file and line, in one run;
    warns on comments that look like misspelt headers (`# expcet 0: ...`).
    --coverage          also the table of which ops and rules the tests cover (an op or rule that
                        no test covers is then a problem)
)";

constexpr const char* kMutants = R"(THE MUTANTS
    grade mutants [all|NAME,...] --week N [--json FILE] [--suites DIR] [--fuzz N] [--jobs N]
    Grades the course's classic bugs (all, or NAME,NAME; uir-mutant --list) in-process as
    students against week N's tests, prints the kill matrix (docs/mutants.md) with the rule clauses
    each killing test exercises; exits 0 iff every mutant is killed and every clause of the week is
    exercised.
    --week N            the week whose tests grade the mutants (required)
    --json FILE         also the kill matrix as JSON
    --suites DIR, --fuzz N, --jobs N, --seed S   as for one student
)";

constexpr const char* kExitStatus = R"(EXIT STATUS
    0 every test passed; 1 a test failed; 2 a usage error or a broken suite (the message names the
    file and line); 128+N stopped by signal N (SIGTERM 143, SIGINT 130, SIGHUP 129): the student
    processes are killed and everything the run made is removed first, the reports (grade class:
    the gradebook and class report, marked incomplete) cover what was graded before the signal.
)";

constexpr const char* kExamples = R"(EXAMPLES
    grade --week 3 ./student-uirc
    grade --week 3 ./student-uirc --only 'week3/accumulator' --seed 7 --keep /tmp/failures
    grade --week 3 ./student-uirc --format text --format json --output report.json
    grade --week 3 ./student-uirc --shard 1/4 --format json --output shard1.json
    grade merge shard1.json shard2.json shard3.json shard4.json --format junit --output all.xml
    grade mutants --week 3 --json kills.json
    grade check-suites mysuites --coverage
    grade class --week 3 submissions/ --out class-week3 --student-budget 600
    grade class --week 3 roster.csv --shard 2/4 --out shard2 && grade merge --out class shard*/
    grade class --week 3 submissions/ --out class-week3 --similarity
    grade similarity class-week3
)";

}  // namespace

std::string usage_text(std::optional<Command> command) {
  std::string grade_one = fmt::format(fmt::runtime(kGradeOne), kDefaultSeed);
  std::string grade_class = fmt::format(fmt::runtime(kGradeClass), kDefaultClassOut);
  std::string name = "NAME\n    grade - grade a .uir compiler against the oracle\n\n";
  if (!command)
    return name + kSynopsis + "\n" + grade_one + "\n" + grade_class + "\n" + kMerge + "\n" + kSimilarity + "\n" +
           kCheckSuites + "\n" + kMutants + "\n" + kExitStatus + "\n" + kExamples;
  std::string section;
  switch (*command) {
    case Command::Grade: section = grade_one; break;
    case Command::Class: section = grade_class; break;
    case Command::Merge: section = kMerge; break;
    case Command::Similarity: section = kSimilarity; break;
    case Command::CheckSuites: section = kCheckSuites; break;
    case Command::Mutants: section = kMutants; break;
    case Command::Help: return usage_text();
  }
  return name + section + "\n" + kExitStatus;
}

}  // namespace uirgrade
