// What the driver's lockdown (oracle/kernel_lockdown.h) says about a rendered kernel that ran: a
// system call the kernel may not make is a render rule broken (spec §6.2), named in the verdict;
// a driver that could not lock down is the grader's problem.
#pragma once

#include <optional>
#include <string_view>

#include "grader/judge.h"
#include "sandbox/process.h"

namespace uirgrade {

/// The verdict when the lockdown ended the run (`what` names the binary in messages), or nullopt.
std::optional<Judgement> judge_kernel_lockdown(const ProcessResult& result, std::string_view what);

}  // namespace uirgrade
