// What the grader makes of a rendered kernel's run under the driver's lockdown: the refused call
// named as the student's forbidden construct, SIGSYS with the handler blocked, a lockdown that could
// not be installed as ours, and every other ending left to the ordinary judge.
#include "grader/render/kernel_lockdown_verdict.h"

#include <csignal>

#include <gtest/gtest.h>

#include "oracle/kernel_lockdown.h"

namespace uirgrade {
namespace {

ProcessResult ended(int exit_code, int signal, const std::string& err = "") {
  ProcessResult result;
  result.started = true;
  result.exited = signal == 0;
  result.exit_code = exit_code;
  result.signal = signal;
  result.err = err;
  return result;
}

TEST(KernelLockdownVerdict, TheRefusedCallIsTheStudentsForbiddenConstruct) {
  std::optional<Judgement> judged = judge_kernel_lockdown(
      ended(uir::kKernelLockdownExit, 0,
            "noise\nkernel made system call 59 (execve) that a kernel may not make (spec section 6.2)\n"),
      "the rendered kernel");
  ASSERT_TRUE(judged);
  EXPECT_EQ(judged->verdict, Verdict::ForbiddenConstruct);
  EXPECT_EQ(judged->message,
            "the rendered kernel: kernel made system call 59 (execve) that a kernel may not make (spec section 6.2)");
  // The driver's line missing (its stderr cut): still the student's, said in general terms.
  judged = judge_kernel_lockdown(ended(uir::kKernelLockdownExit, 0), "the rendered kernel");
  ASSERT_TRUE(judged);
  EXPECT_EQ(judged->verdict, Verdict::ForbiddenConstruct);
  EXPECT_NE(judged->message.find("a system call that a kernel may not make"), std::string::npos);
}

TEST(KernelLockdownVerdict, SigsysIsTheStudentsALockdownThatFailedIsOurs) {
  std::optional<Judgement> blocked = judge_kernel_lockdown(ended(-1, SIGSYS), "the rendered kernel");
  ASSERT_TRUE(blocked);
  EXPECT_EQ(blocked->verdict, Verdict::ForbiddenConstruct);
  EXPECT_NE(blocked->message.find("SIGSYS"), std::string::npos);
  std::optional<Judgement> ours =
      judge_kernel_lockdown(ended(uir::kKernelLockdownFailedExit, 0, "seccomp: Invalid argument\n"), "the kernel");
  ASSERT_TRUE(ours);
  EXPECT_EQ(ours->verdict, Verdict::InternalError);
  EXPECT_NE(ours->message.find("not your fault"), std::string::npos);
}

TEST(KernelLockdownVerdict, OtherEndingsAreLeftToTheOrdinaryJudge) {
  for (const ProcessResult& result : {ended(0, 0), ended(1, 0), ended(86, 0), ended(-1, SIGSEGV), ended(-1, SIGKILL)})
    EXPECT_FALSE(judge_kernel_lockdown(result, "the kernel")) << result.exit_code << " " << result.signal;
  ProcessResult never = ended(uir::kKernelLockdownExit, 0);
  never.started = false;
  EXPECT_FALSE(judge_kernel_lockdown(never, "the kernel"));
}

}  // namespace
}  // namespace uirgrade
