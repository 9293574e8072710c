// Hand-written option parsing: the grammar is small and the error messages matter more than
// generality. Every option takes `--opt VALUE` or `--opt=VALUE`. Reports are given as
// `--format F [--output FILE]` pairs: each --output belongs to the --format before it.
// parse_options reads each argument in turn (read_option, with take_value for an option's value),
// then checks what belongs together and each command's own words (finish_command).
#include "cli/options.h"

#include <fnmatch.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <iterator>
#include <random>

#include <fmt/format.h>

#include "grader/feedback/last_failed.h"

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

// What one parse knows besides the options themselves: the command word, the arguments that are
// not options, and what the checks after the last argument ask.
struct ParseState {
  Options options;
  std::optional<Command> word;  // the word of `grade COMMAND` (not an old --check-suites or --mutants)
  std::vector<std::string> positional;
  bool format_seen = false;
  bool week_seen = false;
  std::string default_suites_dir;
};

// The options that are on or off, and what each turns on.
constexpr std::pair<std::string_view, bool Options::*> kFlags[] = {
    {"--coverage", &Options::coverage}, {"--similarity", &Options::similarity},
    {"--last-failed", &Options::last_failed}, {"--quiet", &Options::quiet}, {"-q", &Options::quiet},
};

// The options that take a value (take_value says what each does with it).
constexpr std::string_view kValueOptions[] = {
    "--week", "--suites", "--jobs", "-j", "--timeout", "--seed", "--only", "--max-failures", "--format",
    "--output", "-o", "--shard", "--keep", "--sandbox", "--fuzz", "--json", "--out", "--student-budget",
    "--mutants-json", "--handout",
};

UsageError bad_value(const std::string& option, const std::string& value, std::string_view expected) {
  return UsageError{fmt::format("{} {}: expected {}", option, value, expected)};
}

// Takes `value` for `option` (one of kValueOptions): an error when the option does not accept it.
std::optional<UsageError> take_value(const std::string& option, const std::string& value, ParseState& state) {
  Options& options = state.options;
  if (option == "--week") {
    if (!parse_int(value, &options.week) || options.week < 1)
      return bad_value(option, value, "a week number (1, 2, 3, ...)");
    state.week_seen = true;
  } else if (option == "--suites") {
    options.suites_dir = value;
    options.suites_dir_given = true;
  } else if (option == "--jobs" || option == "-j") {
    if (!parse_int(value, &options.jobs) || options.jobs < 1 || options.jobs > 1024)
      return bad_value(option, value, "a number of parallel tests from 1 to 1024");
  } else if (option == "--timeout") {
    double seconds = 0;
    if (!parse_seconds(value, &seconds)) return bad_value(option, value, "a positive number of seconds");
    options.timeout_seconds = seconds;
  } else if (option == "--student-budget") {
    double seconds = 0;
    if (!parse_seconds(value, &seconds)) return bad_value(option, value, "a positive number of seconds");
    options.student_budget_seconds = seconds;
  } else if (option == "--seed") {
    options.seed_is_secret = value == "random";
    if (options.seed_is_secret) options.seed = random_seed();
    else if (!parse_int(value, &options.seed)) return bad_value(option, value, "an unsigned 64-bit integer, or random");
  } else if (option == "--only") {
    options.only.push_back(value);
  } else if (option == "--max-failures") {
    if (!parse_int(value, &options.max_failures) || options.max_failures < 1)
      return bad_value(option, value, "a positive number of failures");
  } else if (option == "--format") {
    auto format = parse_format(value);
    if (!format) return bad_value(option, value, "text, json, junit or gradescope");
    options.outputs.push_back({*format, ""});
    state.format_seen = true;
  } else if (option == "--output" || option == "-o") {
    if (options.outputs.empty() || !state.format_seen)
      return UsageError{"--output must follow the --format it is for (e.g. --format json --output r.json)"};
    if (!options.outputs.back().path.empty())
      return UsageError{fmt::format("--output {}: the --format before it already has an --output", value)};
    options.outputs.back().path = value;
  } else if (option == "--shard") {
    options.shard = parse_shard(value);
    if (!options.shard) return bad_value(option, value, "K/N with 1 <= K <= N, e.g. 2/4");
  } else if (option == "--keep") {
    options.keep_dir = value;
  } else if (option == "--sandbox") {
    auto sandbox = parse_sandbox(value);
    if (!sandbox) return bad_value(option, value, "auto, namespaces, uid or none");
    options.sandbox = *sandbox;
  } else if (option == "--json") {
    options.mutants_json = value;
  } else if (option == "--fuzz") {
    if (!parse_int(value, &options.fuzz) || options.fuzz < 0)
      return bad_value(option, value, "a number of generated programs");
  } else if (option == "--out") {
    options.out_dir = value;
  } else if (option == "--mutants-json") {
    options.mutant_kills_file = value;
  } else if (option == "--handout") {
    options.handout_dir = value;
  }
  return std::nullopt;
}

// Reads the option args[*k] (with `=VALUE`, or -j8's 8), and its value from the next argument
// when it takes one (*k then moves past it). --help makes the command Help: nothing more is read.
std::optional<UsageError> read_option(const std::vector<std::string>& args, size_t* k, ParseState& state) {
  std::string arg = args[*k];
  std::optional<std::string> inline_value;
  if (arg.size() > 2 && arg.starts_with("-j") && arg[2] != '=') {  // -j8, as make and ninja take it
    inline_value = arg.substr(2);
    arg.resize(2);
  } else if (size_t eq = arg.find('='); eq != std::string::npos) {
    inline_value = arg.substr(eq + 1);
    arg.resize(eq);
  }
  // The old spellings' optional value: `--flag=VALUE`, or a following argument that is not an option.
  auto optional_value = [&]() -> std::optional<std::string> {
    if (inline_value) return inline_value;
    if (*k + 1 < args.size() && args[*k + 1].rfind("-", 0) != 0) return args[++*k];
    return std::nullopt;
  };
  Options& options = state.options;
  if (arg == "-h" || arg == "--help") {
    if (state.word) options.help_for = state.word;
    else if (options.command != Command::Grade) options.help_for = options.command;  // grade --mutants --help
    options.command = Command::Help;
    return std::nullopt;
  }
  if (arg == "--check-suites") {  // the old spelling of `grade check-suites [DIR]`, still taken
    options.command = Command::CheckSuites;
    options.notes.push_back(old_spelling_note("--check-suites", "check-suites"));
    if (std::optional<std::string> dir = optional_value()) options.suites_dir = *dir;
    options.suites_dir_given = options.suites_dir != state.default_suites_dir;
    return std::nullopt;
  }
  if (arg == "--mutants") {  // the old spelling of `grade mutants [LIST]`, still taken
    options.command = Command::Mutants;
    options.notes.push_back(old_spelling_note("--mutants", "mutants"));
    options.mutants = optional_value().value_or("all");
    return std::nullopt;
  }
  for (const auto& [name, flag] : kFlags) {
    if (arg != name) continue;
    if (inline_value) return UsageError{fmt::format("{} takes no value", arg)};
    options.*flag = true;
    return std::nullopt;
  }
  if (std::find(std::begin(kValueOptions), std::end(kValueOptions), arg) == std::end(kValueOptions))
    return UsageError{fmt::format("unknown option {} (see grade --help)", arg)};
  std::optional<std::string> value = inline_value;
  if (!value && *k + 1 < args.size()) value = args[++*k];
  if (!value) return UsageError{fmt::format("{} needs a value (see grade --help)", arg)};
  return take_value(arg, *value, state);
}

// The reports asked for (text on stdout when none), and the options that belong to a class.
std::optional<UsageError> check_reports_and_class_options(Options& options) {
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
  return std::nullopt;
}

// Each command's own checks once every argument is read, and what its words (`positional`) are.

std::optional<UsageError> finish_merge(ParseState& state) {
  Options& options = state.options;
  if (state.positional.empty()) return UsageError{"grade merge needs the JSON reports (or class directories) to merge"};
  if (options.similarity && options.out_dir.empty())
    return UsageError{"--similarity goes with `grade merge --out DIR` of class directories"};
  options.merge_files = state.positional;
  return std::nullopt;
}

std::optional<UsageError> finish_class(ParseState& state) {
  Options& options = state.options;
  const std::vector<std::string>& positional = state.positional;
  if (!state.week_seen) return UsageError{"missing --week N (see grade --help)"};
  if (positional.size() != 1)
    return UsageError{positional.empty() ? "missing SUBMISSIONS: a directory of student folders or a roster CSV"
                                         : fmt::format("one SUBMISSIONS expected, got {}", positional.size())};
  if (!options.keep_dir.empty()) return UsageError{"grade class keeps no cases (--keep): rerun one student for that"};
  options.submissions = positional[0];
  if (options.out_dir.empty()) options.out_dir = kDefaultClassOut;
  return std::nullopt;
}

std::optional<UsageError> finish_similarity(ParseState& state) {
  Options& options = state.options;
  if (state.positional.size() != 1 || !options.out_dir.empty())
    return UsageError{"grade similarity takes one CLASS_DIR, the --out of a `grade class` run"};
  options.out_dir = state.positional[0];
  options.similarity = true;
  return std::nullopt;
}

std::optional<UsageError> finish_check_suites(ParseState& state) {
  Options& options = state.options;
  const std::vector<std::string>& positional = state.positional;
  if (!state.word && !positional.empty())
    return UsageError{fmt::format("--check-suites takes no student (got {})", positional[0])};
  if (positional.size() > 1)
    return UsageError{fmt::format("grade check-suites takes one DIR of suites, got {}", positional.size())};
  if (positional.size() == 1) {
    options.suites_dir = positional[0];
    options.suites_dir_given = options.suites_dir != state.default_suites_dir;
  }
  return std::nullopt;
}

std::optional<UsageError> finish_grade_one(ParseState& state) {
  Options& options = state.options;
  const std::vector<std::string>& positional = state.positional;
  if (options.coverage) return UsageError{"--coverage goes with `grade check-suites`"};
  if (!state.week_seen) return UsageError{"missing --week N (see grade --help)"};
  if (positional.size() != 1)
    return UsageError{positional.empty() ? "missing STUDENT: the path of the compiler to grade"
                                         : fmt::format("one STUDENT expected, got {}", positional.size())};
  options.student = positional[0];
  options.last_failed_file = last_failed_path(".", options.week);
  return std::nullopt;
}

std::optional<UsageError> finish_mutants(ParseState& state) {
  Options& options = state.options;
  const std::vector<std::string>& positional = state.positional;
  if (!state.week_seen) return UsageError{"grade mutants needs --week N (see grade mutants --help)"};
  if (!state.word && !positional.empty())
    return UsageError{fmt::format("--mutants takes no student (got {})", positional[0])};
  if (positional.size() > 1)
    return UsageError{fmt::format("grade mutants takes one list of mutants (all, or NAME,NAME), got {} words",
                                  positional.size())};
  if (positional.size() == 1) options.mutants = positional[0];
  if (options.mutants.empty()) options.mutants = "all";
  return std::nullopt;
}

std::optional<UsageError> finish_command(ParseState& state) {
  switch (state.options.command) {
    case Command::Merge: return finish_merge(state);
    case Command::Class: return finish_class(state);
    case Command::Similarity: return finish_similarity(state);
    case Command::CheckSuites: return finish_check_suites(state);
    case Command::Grade: return finish_grade_one(state);
    case Command::Mutants: return finish_mutants(state);
    case Command::Help: break;
  }
  return std::nullopt;
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
  ParseState state;
  state.default_suites_dir = default_suites_dir;
  state.options.jobs = default_jobs > 0 ? default_jobs : 1;
  state.options.suites_dir = default_suites_dir;

  // `grade COMMAND ...`: the command is the first word; no word grades one student.
  size_t k = 0;
  if (!args.empty()) {
    for (const auto& [name, command] : kCommandWords) {
      if (args[0] != name) continue;
      state.options.command = command;
      state.word = command;
      k = 1;
    }
  }
  for (; k < args.size(); ++k) {
    const std::string& arg = args[k];
    if (arg.size() < 2 || arg[0] != '-' || arg == "--") {
      if (arg == "--") {
        state.positional.insert(state.positional.end(), args.begin() + static_cast<long>(k) + 1, args.end());
        break;
      }
      state.positional.push_back(arg);
      continue;
    }
    if (std::optional<UsageError> error = read_option(args, &k, state)) return *error;
    if (state.options.command == Command::Help) return state.options;
  }

  if (std::optional<UsageError> error = check_reports_and_class_options(state.options)) return *error;
  if (std::optional<UsageError> error = finish_command(state)) return *error;
  return state.options;
}

}  // namespace uirgrade
