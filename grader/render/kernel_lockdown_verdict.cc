#include "grader/render/kernel_lockdown_verdict.h"

#include <csignal>
#include <string>

#include <fmt/format.h>

#include "oracle/kernel_lockdown.h"
#include "testcase/compare.h"

namespace uirgrade {
namespace {

/// The driver's own line ("kernel made system call 59 (execve) that ..."), the last one that says so.
std::string lockdown_line(std::string_view err) {
  constexpr std::string_view kMarker = "kernel made system call ";
  size_t at = err.rfind(kMarker);
  if (at == std::string_view::npos) return "";
  size_t end = err.find('\n', at);
  return std::string(err.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at));
}

}  // namespace

std::optional<Judgement> judge_kernel_lockdown(const ProcessResult& result, std::string_view what) {
  if (!result.started) return std::nullopt;
  if (result.signal == 0 && result.exit_code == uir::kKernelLockdownExit) {
    std::string line = lockdown_line(result.err);
    if (line.empty()) line = "kernel made a system call that a kernel may not make (spec section 6.2)";
    return judged(Verdict::ForbiddenConstruct, fmt::format("{}: {}", what, line),
                  "A kernel computes its buffers and nothing else: no files, processes or system calls of "
                  "its own (spec §6.2). The driver ran it under a filter that refused this call.\n");
  }
  // SIGSYS is delivered by the filter; with the signal blocked (as posix_spawn and system() do
  // around their fork) the kernel ends the process before the driver's handler can name the call.
  if (result.signal == SIGSYS)
    return judged(Verdict::ForbiddenConstruct,
                  fmt::format("{}: kernel made a system call that a kernel may not make, with SIGSYS blocked "
                              "(killed by SIGSYS; spec section 6.2)",
                              what),
                  "A kernel computes its buffers and nothing else: no files, processes or system calls of "
                  "its own (spec §6.2).\n");
  if (result.signal == 0 && result.exit_code == uir::kKernelLockdownFailedExit)
    return judged(Verdict::InternalError,
                  fmt::format("internal error running {} (not your fault): {}", what, first_line(result.err, 200)),
                  "");
  return std::nullopt;
}

}  // namespace uirgrade
