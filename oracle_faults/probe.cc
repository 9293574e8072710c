#include "oracle_faults/probe.h"

#include <sstream>

#include "mutation/mutant_grading.h"
#include "oracle/cli.h"
#include "testcase/student_program.h"

namespace oracle_faults {
namespace {

/// Everything the oracle (or a fault) says about one program.
struct Observation {
  bool valid = false;
  std::string rule;
  int line = 0;
  std::string detail;  // column, length and message of the error
  std::string lin;     // the linear list (valid programs)
  int loops = 0;
  std::string run;     // exit code, stdout and stderr of `run` on the test's data
};

Observation observe(const uirgrade::TestCase& test, const uirgrade::ExpectedOrError& expected) {
  Observation o;
  uir::ProgramFile file{uirgrade::kProgramFile, uirgrade::student_program(test.source)};
  uir::Compiled compiled = uir::compile(file.path, file.text);
  if (compiled.error) {
    o.rule = std::string(uir::rule_info(compiled.error->rule).id);
    o.line = compiled.error->line;
    o.detail = std::to_string(compiled.error->column) + ":" + std::to_string(compiled.error->length) + ":" +
               compiled.error->message;
    return o;
  }
  o.valid = true;
  o.loops = uirgrade::rendered_loops(compiled);
  std::ostringstream lin, ignored;
  uir::cli_lin(file, lin, ignored);
  o.lin = lin.str();
  const auto* exp = std::get_if<uirgrade::Expected>(&expected);
  std::istringstream in(exp ? exp->input_text : "");
  std::ostringstream out, err;
  int code = uir::cli_run(file, in, out, err);
  o.run = std::to_string(code) + "\n" + out.str() + "\n" + err.str();
  return o;
}

Difference compare(const Observation& oracle, const Observation& fault) {
  if (oracle.valid != fault.valid || oracle.rule != fault.rule || oracle.run != fault.run ||
      oracle.loops != fault.loops)
    return Difference::Graded;
  if (oracle.line != fault.line) return Difference::Line;
  if (oracle.detail != fault.detail) return Difference::Message;
  if (oracle.lin != fault.lin) return Difference::Placement;
  return Difference::None;
}

}  // namespace

const char* difference_name(Difference d) {
  switch (d) {
    case Difference::Graded: return "graded";
    case Difference::Line: return "error-line-only";
    case Difference::Message: return "error-message-only";
    case Difference::Placement: return "placement-only";
    case Difference::None: return "none-seen";
    case Difference::Stopped: return "crashes-or-hangs";
  }
  return "?";
}

std::vector<ProbeResult> probe_faults(const std::vector<int>& ids, const SeedTests& corpus, const ForkLimits& limits) {
  std::vector<Observation> oracle;
  for (size_t k = 0; k < corpus.tests.size(); ++k) oracle.push_back(observe(corpus.tests[k], corpus.expected[k]));
  auto units = run_per_fault(ids, 1, limits, [&](size_t, size_t) {
    UnitResult worst = UnitResult::of(static_cast<int>(Difference::None), -1);
    for (size_t k = 0; k < corpus.tests.size(); ++k) {
      Difference d = compare(oracle[k], observe(corpus.tests[k], corpus.expected[k]));
      if (static_cast<int>(d) < worst.verdict) worst = UnitResult::of(static_cast<int>(d), static_cast<int>(k));
      if (d == Difference::Graded) break;
    }
    return worst;
  });
  std::vector<ProbeResult> results;
  for (size_t k = 0; k < ids.size(); ++k) {
    const UnitResult& u = units[k][0];
    if (u.stopped) results.push_back({ids[k], Difference::Stopped, u.how});
    else results.push_back({ids[k], static_cast<Difference>(u.verdict), u.test >= 0 ? corpus.tests[u.test].name : ""});
  }
  return results;
}

}  // namespace oracle_faults
