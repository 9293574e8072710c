#include "cli/options.h"

#include <utility>

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

std::variant<Options, UsageError> parse(std::vector<std::string> args) {
  return parse_options(args, 4, "/default/suites");
}

Options parse_ok(std::vector<std::string> args) {
  auto parsed = parse(args);
  if (auto* error = std::get_if<UsageError>(&parsed)) {
    ADD_FAILURE() << error->message;
    return {};
  }
  return std::get<Options>(parsed);
}

std::string parse_error(std::vector<std::string> args) {
  auto parsed = parse(args);
  if (auto* error = std::get_if<UsageError>(&parsed)) return error->message;
  ADD_FAILURE() << "accepted";
  return "";
}

TEST(GraderOptions, Defaults) {
  Options o = parse_ok({"--week", "3", "./student"});
  EXPECT_EQ(o.command, Command::Grade);
  EXPECT_EQ(o.week, 3);
  EXPECT_EQ(o.student, "./student");
  EXPECT_EQ(o.suites_dir, "/default/suites");
  EXPECT_EQ(o.jobs, 4);
  EXPECT_EQ(o.seed, kDefaultSeed);
  EXPECT_FALSE(o.timeout_seconds);
  EXPECT_FALSE(o.shard);
  EXPECT_EQ(o.sandbox, Sandbox::Auto);
  ASSERT_EQ(o.outputs.size(), 1u);
  EXPECT_EQ(o.outputs[0].format, Format::Text);
  EXPECT_EQ(o.outputs[0].path, "");
}

TEST(GraderOptions, EveryOption) {
  Options o = parse_ok({"./s", "--week=2", "--suites", "/x", "-j", "8", "--timeout", "2.5", "--seed", "99",
                        "--only", "week2/*", "--only=fuzz/1", "--max-failures", "3", "--shard", "2/5", "--keep",
                        "/k", "--sandbox", "none", "--fuzz", "10"});
  EXPECT_EQ(o.week, 2);
  EXPECT_EQ(o.student, "./s");
  EXPECT_EQ(o.suites_dir, "/x");
  EXPECT_EQ(o.jobs, 8);
  EXPECT_EQ(o.timeout_seconds, 2.5);
  EXPECT_EQ(o.seed, 99u);
  EXPECT_EQ(o.only, (std::vector<std::string>{"week2/*", "fuzz/1"}));
  EXPECT_EQ(o.max_failures, 3);
  ASSERT_TRUE(o.shard);
  EXPECT_EQ(o.shard->index, 2);
  EXPECT_EQ(o.shard->count, 5);
  EXPECT_EQ(o.keep_dir, "/k");
  EXPECT_EQ(o.sandbox, Sandbox::None);
  EXPECT_EQ(o.fuzz, 10);
  EXPECT_EQ(parse_ok({"--week", "1", "s", "-j3"}).jobs, 3);
}

TEST(GraderOptions, SeveralReports) {
  Options o = parse_ok({"--week", "3", "s", "--format", "text", "--format", "json", "--output", "r.json",
                        "--format=junit", "-o", "r.xml"});
  ASSERT_EQ(o.outputs.size(), 3u);
  EXPECT_EQ(o.outputs[0].format, Format::Text);
  EXPECT_EQ(o.outputs[0].path, "");
  EXPECT_EQ(o.outputs[1].format, Format::Json);
  EXPECT_EQ(o.outputs[1].path, "r.json");
  EXPECT_EQ(o.outputs[2].format, Format::Junit);
  EXPECT_EQ(o.outputs[2].path, "r.xml");
}

TEST(GraderOptions, UsageErrors) {
  EXPECT_NE(parse_error({"./s"}).find("--week"), std::string::npos);
  EXPECT_NE(parse_error({"--week", "3"}).find("STUDENT"), std::string::npos);
  EXPECT_NE(parse_error({"--week", "3", "a", "b"}).find("one STUDENT"), std::string::npos);
  EXPECT_NE(parse_error({"--week", "zero", "s"}).find("--week zero"), std::string::npos);
  EXPECT_NE(parse_error({"--week", "3", "s", "--jobs", "0"}).find("--jobs 0"), std::string::npos);
  EXPECT_NE(parse_error({"--week", "3", "s", "--timeout", "-1"}).find("--timeout"), std::string::npos);
  EXPECT_NE(parse_error({"--week", "3", "s", "--seed", "-5"}).find("--seed"), std::string::npos);
  EXPECT_NE(parse_error({"--week", "3", "s", "--shard", "3/2"}).find("K/N"), std::string::npos);
  EXPECT_NE(parse_error({"--week", "3", "s", "--format", "xml"}).find("json"), std::string::npos);
  EXPECT_NE(parse_error({"--week", "3", "s", "--output", "r.json"}).find("must follow"), std::string::npos);
  EXPECT_NE(parse_error({"--week", "3", "s", "--format", "json", "-o", "a", "-o", "b"}).find("already"),
            std::string::npos);
  EXPECT_NE(parse_error({"--week", "3", "s", "--format", "json", "--format", "junit"}).find("stdout"),
            std::string::npos);
  EXPECT_NE(parse_error({"--week", "3", "s", "--sandbox", "docker"}).find("namespaces"), std::string::npos);
  EXPECT_NE(parse_error({"--week", "3", "s", "--frobnicate"}).find("unknown option --frobnicate"), std::string::npos);
  EXPECT_NE(parse_error({"--week", "3", "s", "--keep"}).find("needs a value"), std::string::npos);
}

TEST(GraderOptions, MergeAndCheckSuitesAndHelp) {
  Options merge = parse_ok({"merge", "a.json", "b.json", "--format", "junit", "--output", "all.xml"});
  EXPECT_EQ(merge.command, Command::Merge);
  EXPECT_EQ(merge.merge_files, (std::vector<std::string>{"a.json", "b.json"}));
  EXPECT_EQ(merge.outputs[0].format, Format::Junit);
  EXPECT_NE(parse_error({"merge"}).find("JSON reports"), std::string::npos);

  Options check = parse_ok({"--check-suites"});
  EXPECT_EQ(check.command, Command::CheckSuites);
  EXPECT_EQ(check.suites_dir, "/default/suites");
  EXPECT_EQ(parse_ok({"--check-suites", "my/suites"}).suites_dir, "my/suites");
  EXPECT_TRUE(parse_ok({"--check-suites", "my/suites"}).suites_dir_given);
  EXPECT_FALSE(parse_ok({"--check-suites"}).suites_dir_given);  // the built-in one, said as such
  EXPECT_EQ(parse_ok({"--check-suites=other"}).suites_dir, "other");

  EXPECT_EQ(parse_ok({"--week", "3", "--help"}).command, Command::Help);
}

// `grade COMMAND` for every command; the old flags still work, with a note for stderr.
TEST(GraderOptions, CheckSuitesInBothSpellings) {
  Options word = parse_ok({"check-suites"});
  EXPECT_EQ(word.command, Command::CheckSuites);
  EXPECT_EQ(word.suites_dir, "/default/suites");
  EXPECT_FALSE(word.suites_dir_given);
  EXPECT_TRUE(word.notes.empty());
  Options with_dir = parse_ok({"check-suites", "my/suites", "--coverage"});
  EXPECT_EQ(with_dir.suites_dir, "my/suites");
  EXPECT_TRUE(with_dir.suites_dir_given);
  EXPECT_TRUE(with_dir.coverage);
  EXPECT_TRUE(with_dir.notes.empty());
  Options flag = parse_ok({"--check-suites", "my/suites", "--coverage"});
  EXPECT_EQ(flag.command, Command::CheckSuites);
  EXPECT_EQ(flag.suites_dir, "my/suites");
  EXPECT_TRUE(flag.coverage);
  ASSERT_EQ(flag.notes.size(), 1u);
  EXPECT_EQ(flag.notes[0], "`grade --check-suites` is spelt `grade check-suites` now; the old spelling still works");
  EXPECT_EQ(parse_error({"check-suites", "a", "b"}), "grade check-suites takes one DIR of suites, got 2");
  EXPECT_EQ(parse_error({"--check-suites", "a", "b"}), "--check-suites takes no student (got b)");
  EXPECT_EQ(parse_error({"--week", "3", "./s", "--coverage"}), "--coverage goes with `grade check-suites`");
}

TEST(GraderOptions, MutantsInBothSpellings) {
  Options all = parse_ok({"mutants", "--week", "3"});
  EXPECT_EQ(all.command, Command::Mutants);
  EXPECT_EQ(all.mutants, "all");
  EXPECT_TRUE(all.notes.empty());
  Options named = parse_ok({"mutants", "floor-division,i32-no-wrap", "--week", "1", "--json", "k.json"});
  EXPECT_EQ(named.mutants, "floor-division,i32-no-wrap");
  EXPECT_EQ(named.week, 1);
  EXPECT_EQ(named.mutants_json, "k.json");
  Options flag = parse_ok({"--mutants", "floor-division,i32-no-wrap", "--week", "1", "--json", "k.json"});
  EXPECT_EQ(flag.command, Command::Mutants);
  EXPECT_EQ(flag.mutants, "floor-division,i32-no-wrap");
  ASSERT_EQ(flag.notes.size(), 1u);
  EXPECT_EQ(flag.notes[0], "`grade --mutants` is spelt `grade mutants` now; the old spelling still works");
  EXPECT_EQ(parse_ok({"--mutants", "--week", "3"}).mutants, "all");
  EXPECT_EQ(parse_ok({"--week", "3", "--mutants"}).mutants, "all");
  EXPECT_EQ(parse_error({"mutants"}), "grade mutants needs --week N (see grade mutants --help)");
  EXPECT_EQ(parse_error({"--mutants"}), "grade mutants needs --week N (see grade mutants --help)");
  EXPECT_NE(parse_error({"mutants", "a", "b", "--week", "3"}).find("one list of mutants"), std::string::npos);
  EXPECT_EQ(parse_error({"--mutants", "all", "./s", "--week", "3"}), "--mutants takes no student (got ./s)");
}

TEST(GraderOptions, EachCommandsOwnHelp) {
  EXPECT_FALSE(parse_ok({"--help"}).help_for);
  EXPECT_FALSE(parse_ok({"--week", "3", "-h"}).help_for);
  for (auto [word, command] : {std::pair{"class", Command::Class}, std::pair{"merge", Command::Merge},
                               std::pair{"similarity", Command::Similarity},
                               std::pair{"check-suites", Command::CheckSuites}, std::pair{"mutants", Command::Mutants}}) {
    Options help = parse_ok({word, "--help"});
    EXPECT_EQ(help.command, Command::Help) << word;
    EXPECT_EQ(help.help_for, command) << word;
  }
  EXPECT_EQ(parse_ok({"--mutants", "--help"}).help_for, Command::Mutants);
  EXPECT_EQ(parse_ok({"--check-suites", "--help"}).help_for, Command::CheckSuites);

}

TEST(GraderOptions, ClassAndClassMerge) {
  Options o = parse_ok({"class", "--week", "3", "subs", "--shard", "2/4", "--student-budget", "600",
                        "--mutants-json", "m.json"});
  EXPECT_EQ(o.command, Command::Class);
  EXPECT_EQ(o.submissions, "subs");
  EXPECT_EQ(o.out_dir, kDefaultClassOut);
  EXPECT_EQ(o.shard->index, 2);
  EXPECT_EQ(*o.student_budget_seconds, 600);
  EXPECT_EQ(o.mutant_kills_file, "m.json");
  EXPECT_EQ(parse_ok({"class", "--week", "3", "roster.csv", "--out", "w3"}).out_dir, "w3");
  Options merge = parse_ok({"merge", "--out", "all", "s1", "s2"});
  EXPECT_EQ(merge.command, Command::Merge);
  EXPECT_EQ(merge.out_dir, "all");
  EXPECT_EQ(merge.merge_files, (std::vector<std::string>{"s1", "s2"}));
  EXPECT_EQ(parse_error({"class", "--week", "3"}), "missing SUBMISSIONS: a directory of student folders or a roster CSV");
  EXPECT_EQ(parse_error({"class", "subs"}), "missing --week N (see grade --help)");
  EXPECT_EQ(parse_error({"class", "--week", "3", "subs", "--student-budget", "0"}),
            "--student-budget 0: expected a positive number of seconds");
  EXPECT_EQ(parse_error({"--week", "3", "./s", "--out", "x"}),
            "--out and --mutants-json are options of `grade class` (see grade --help)");
}

TEST(GraderOptions, Globs) {
  EXPECT_TRUE(glob_matches("week3/*", "week3/accumulator"));
  EXPECT_TRUE(glob_matches("*/acc*", "week3/accumulator"));
  EXPECT_TRUE(glob_matches("fuzz/1?", "fuzz/17"));
  EXPECT_FALSE(glob_matches("fuzz/1?", "fuzz/1"));
  EXPECT_FALSE(glob_matches("week3/acc", "week3/accumulator"));  // the whole name must match
  EXPECT_TRUE(glob_matches("week[12]/*", "week2/x"));
}

}  // namespace
}  // namespace uirgrade
