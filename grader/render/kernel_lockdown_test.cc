// The driver's lockdown (oracle/kernel_lockdown.h) against kernels that got past the render rules'
// checks, in every tier this machine gives: each kernel makes a system call a kernel may not make
// and prints LOOT when it worked. Each is first run with the lockdown left out of the driver (the
// attack works), then with it (no LOOT, a verdict naming the call). Honest kernels, and a sanitizer's
// report of a kernel's bad memory access, are unaffected.
#include <csignal>
#include <limits>
#include <memory>
#include <optional>
#include <string>

#include <gtest/gtest.h>

#include "grader/render/c_compile.h"
#include "grader/judge.h"
#include "grader/render/kernel_lockdown_verdict.h"
#include "grader/shell_testing.h"
#include "oracle/kernel_lockdown.h"
#include "oracle/oracle.h"
#include "sandbox/process.h"
#include "sandbox/sandbox.h"

namespace uirgrade {
namespace {

// Kernels without buffers (the driver's `int32_t kernel(void)`), as a student's C that slipped
// past the text and object checks could be: each says LOOT on stderr when its call worked.
constexpr const char* kPrelude =
    "#define _GNU_SOURCE\n#include <fcntl.h>\n#include <stdint.h>\n#include <stdio.h>\n#include <stdlib.h>\n"
    "#include <string.h>\n#include <signal.h>\n#include <sys/mman.h>\n#include <sys/socket.h>\n"
    "#include <sys/syscall.h>\n#include <sys/wait.h>\n#include <unistd.h>\n"
    "static void loot(const char *what) { write(2, \"LOOT: \", 6); write(2, what, strlen(what)); write(2, \"\\n\", 1); }\n";

struct Attack {
  const char* name;
  const char* body;          // the body of kernel()
  const char* named_call;    // what the verdict names ("" : killed by SIGSYS, no name)
};

const Attack kAttacks[] = {
    {"open_a_file", "int fd = open(\"/etc/passwd\", O_RDONLY); if (fd >= 0) loot(\"open\");", "(openat)"},
    {"fopen_a_file", "FILE *f = fopen(\"/proc/self/status\", \"r\"); if (f) loot(\"fopen\");", "(openat)"},
    {"create_a_file", "int fd = creat(\"kernel-made-this\", 0644); if (fd >= 0) loot(\"creat\");", "(creat)"},
    {"start_a_process_with_system", "if (system(\"echo LOOT: system >&2\") == 0) loot(\"system returned\");", ""},
    {"fork", "pid_t p = fork(); if (p == 0) { loot(\"fork\"); _exit(0); } if (p > 0) waitpid(p, 0, 0);", "(clone)"},
    {"execve", "char *argv[] = {\"/bin/sh\", \"-c\", \"echo LOOT: execve >&2\", 0}; execve(\"/bin/sh\", argv, 0);",
     "(execve)"},
    {"open_a_socket", "int s = socket(AF_UNIX, SOCK_STREAM, 0); if (s >= 0) loot(\"socket\");", "(socket)"},
    {"signal_the_parent", "if (kill(getppid(), 0) == 0 || errno == EPERM) loot(\"kill parent\");", "(getppid)"},
    {"signal_another_pid", "if (kill(1, 0) == 0 || errno == EPERM) loot(\"kill 1\");", "(kill)"},
    {"make_memory_executable",
     "void *p = mmap(0, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);"
     " if (p != MAP_FAILED && mprotect(p, 4096, PROT_READ | PROT_EXEC) == 0) loot(\"mprotect exec\");",
     "(mprotect)"},
    {"ignore_sigsys_first", "signal(SIGSYS, SIG_IGN); if (open(\"/etc/passwd\", O_RDONLY) >= 0) loot(\"open\");",
     "(rt_sigaction)"},
    {"read_stdin_again", "char c; if (read(0, &c, 1) >= 0) loot(\"read\");", "(read)"},
};

std::string kernel_c(const std::string& body) {
  return std::string(kPrelude) + "#include <errno.h>\nint32_t kernel(void) {\n  " + body + "\n  return 0;\n}\n";
}

class KernelLockdown : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "uid" && !running_as_root()) GTEST_SKIP() << "the uid tier needs root";
    std::string error;
    if (GetParam() == "namespaces" && !make_process_runner(Sandbox::Namespaces, &error)) GTEST_SKIP() << error;
    Tier tier = GetParam() == "uid" ? Tier::Uid : GetParam() == "none" ? Tier::None : Tier::Namespaces;
    runner_ = std::make_unique<ProcessRunner>(tier);
    compiler_ = std::make_unique<CCompiler>(*runner_, 2048);
  }

  /// Compiles `kernel` with the grader's driver (with or without the lockdown) and runs it as a
  /// render test does.
  ProcessResult run_kernel(const std::string& kernel, bool lockdown) {
    CompileOutcome compiled = compiler_->compile(kernel, uir::render_driver({}, "prog.uir", lockdown));
    EXPECT_EQ(compiled.status, CompileOutcome::Status::Ok) << compiled.message;
    ProcessRequest request = kernel_run_request(compiled, *compiler_);
    request.limits.wall_seconds = request.limits.cpu_seconds = 30;
    return runner_->run(request);
  }

  std::unique_ptr<ProcessRunner> runner_;
  std::unique_ptr<CCompiler> compiler_;
};

TEST_P(KernelLockdown, EverySystemCallAKernelMayNotMakeWorksWithoutTheLockdownAndIsRefusedWithIt) {
  for (const Attack& attack : kAttacks) {
    SCOPED_TRACE(attack.name);
    ProcessResult weak = run_kernel(kernel_c(attack.body), false);
    EXPECT_NE(weak.err.find("LOOT: "), std::string::npos) << "the attack does not work even unlocked:\n" << weak.err;
    EXPECT_FALSE(judge_kernel_lockdown(weak, "the rendered kernel"));

    ProcessResult locked = run_kernel(kernel_c(attack.body), true);
    EXPECT_EQ(locked.err.find("LOOT: "), std::string::npos) << locked.err;
    std::optional<Judgement> verdict = judge_kernel_lockdown(locked, "the rendered kernel");
    ASSERT_TRUE(verdict) << "exit " << locked.exit_code << " signal " << locked.signal << "\n" << locked.err;
    EXPECT_EQ(verdict->verdict, Verdict::ForbiddenConstruct);
    EXPECT_NE(verdict->message.find("that a kernel may not make"), std::string::npos) << verdict->message;
    EXPECT_NE(verdict->message.find(attack.named_call), std::string::npos) << verdict->message;
  }
}

TEST_P(KernelLockdown, AnHonestKernelRunsAndPrintsUnderTheLockdown) {
  // Everything a pure kernel may use: its own helpers, <math.h>, memset, calloc/free.
  std::string kernel =
      "#include <math.h>\n#include <stdint.h>\n#include <stdlib.h>\n#include <string.h>\n"
      "static float twice(float x) { return 2.0f * x; }\n"
      "int32_t kernel(void) {\n  float *t = calloc(1 << 20, sizeof(float));\n  if (!t) abort();\n"
      "  memset(t, 0, 16);\n  for (int i = 0; i < (1 << 20); i++) t[i] = twice(sqrtf((float)i)) + (float)INFINITY * 0.0f;\n"
      "  int32_t r = isnan(t[7]) ? 0 : 3;\n  free(t);\n  return r;\n}\n";
  ProcessResult result = run_kernel(kernel, true);
  EXPECT_FALSE(judge_kernel_lockdown(result, "the rendered kernel"));
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.err, "");
}

TEST_P(KernelLockdown, ASanitizersReportStillReachesStderrAsTheStudentsBug) {
  // The report path reads /proc/self/maps and symbolizes: refused calls fail quietly for it.
  const std::pair<std::string, std::string> bugs[] = {
      {"int32_t *p = malloc(3 * sizeof *p); p[0] = 1; int32_t r = p[3]; free(p); return r ? 5 : 0;",
       "runtime error: load of address"},  // UBSan's object-size check sees it before ASan
      {"volatile int32_t big = 2147483647; int32_t r = big + 1; return r == 0 ? 9 : 0;", "signed integer overflow"},
      {"volatile int32_t *p = (int32_t *)(uintptr_t)8; return *p;", "SEGV on unknown address"},
  };
  for (const auto& [body, report] : bugs) {
    std::string kernel = "#include <stdint.h>\n#include <stdlib.h>\nint32_t kernel(void) {\n  " + body + "\n}\n";
    ProcessResult result = run_kernel(kernel, true);
    EXPECT_FALSE(judge_kernel_lockdown(result, "the rendered kernel")) << result.err;
    std::optional<Judgement> verdict = judge_process(result, ProcessLimits{}, "the rendered kernel", {0, 1}, true);
    ASSERT_TRUE(verdict) << result.err;
    EXPECT_EQ(verdict->verdict, Verdict::SanitizerError) << verdict->message;
    EXPECT_NE(verdict->details.find(report), std::string::npos) << verdict->details;
  }
}

TEST_P(KernelLockdown, AbortIsACrashNotARuleBroken) {
  ProcessResult result = run_kernel("#include <stdint.h>\n#include <stdlib.h>\nint32_t kernel(void) { abort(); }\n", true);
  EXPECT_FALSE(judge_kernel_lockdown(result, "the rendered kernel")) << result.err;
  EXPECT_EQ(result.signal, SIGABRT) << result.err;
}

INSTANTIATE_TEST_SUITE_P(Tiers, KernelLockdown, ::testing::Values("none", "namespaces", "uid"),
                         [](const auto& test_info) { return test_info.param; });

}  // namespace
}  // namespace uirgrade
