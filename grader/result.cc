#include "grader/result.h"

namespace uirgrade {

std::string_view verdict_name(Verdict v) {
  // These names are part of the report formats (JSON, JUnit's failure type): `grade merge` reads
  // them back, so renaming one breaks merging reports written before.
  switch (v) {
    case Verdict::Pass: return "pass";
    case Verdict::WrongExit: return "wrong-exit";
    case Verdict::WrongBuffer: return "wrong-buffer";
    case Verdict::MalformedOutput: return "malformed-output";
    case Verdict::Timeout: return "timeout";
    case Verdict::Crash: return "crash";
    case Verdict::MemoryLimit: return "memory-limit";
    case Verdict::OutputLimit: return "output-limit";
    case Verdict::CompileError: return "compile-error";
    case Verdict::SanitizerError: return "sanitizer-error";
    case Verdict::ForbiddenConstruct: return "forbidden-construct";
    case Verdict::BuildFailed: return "build-failed";
    case Verdict::NotRun: return "not-run";
    case Verdict::InternalError: return "internal-error";
  }
  return "unknown";
}

}  // namespace uirgrade
