// `grade --help` and `grade COMMAND --help`: the manual, a section per command, kept apart from the
// parsing in options.cc, which only says when it is asked for (Command::Help).
#include "cli/usage_text.h"

#include <fmt/format.h>

namespace uirgrade {

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
