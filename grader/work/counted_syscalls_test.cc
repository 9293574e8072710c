// The lockdown's rules applied to valgrind's trace of a counted run: text in valgrind's format,
// written by hand (the real trace is exercised end to end in work_grading_test.cc).
#include "grader/work/counted_syscalls.h"

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

constexpr const char* kBeforeTheMark =
    "SYSCALL[7,1](257) sys_openat ( -100, 0x4a2f0c0(/etc/ld.so.cache), 524288 ) --> [pre-success] Success(0x3)\n"
    "SYSCALL[7,1](0) sys_read ( 0, 0x40372c0, 61440 ) --> [async] ... \n"
    "SYSCALL[7,1](0) ... [async] --> Success(0x2ded) \n"
    "SYSCALL[7,1](110) sys_getppid() --> [pre-success] Success(0x1)\n";

TEST(GraderCountedSyscalls, WhatTheDriverAndAPureKernelDoAfterTheMarkPasses) {
  // Before the mark anything goes (the driver reads its input); after it, memory, output, the end.
  std::string trace = std::string(kBeforeTheMark) +
                      "SYSCALL[7,1](12) sys_brk ( 0x4056000 ) --> [pre-success] Success(0x4056000)\n"
                      "SYSCALL[7,1](9) sys_mmap ( 0x0, 4194304, 3, 34, -1, 0 ) --> Success(0x4e42000)\n"
                      "SYSCALL[7,1](1) sys_write ( 1, 0x10c060, 24996 ) --> [async] ... \n"
                      "SYSCALL[7,1](1) ... [async] --> Success(0x61a4) \n"
                      "SYSCALL[7,1](231) exit_group( 0 ) --> [pre-success] Success(0x0)\n";
  EXPECT_EQ(first_refused_counted_syscall(trace), std::nullopt);
  // Without the mark, nothing is after it.
  EXPECT_EQ(first_refused_counted_syscall("SYSCALL[7,1](59) sys_execve ( 0x1, 0x2, 0x3 )\n"), std::nullopt);
}

TEST(GraderCountedSyscalls, WhatTheFilterRefusesIsFound) {
  const std::pair<const char*, const char*> refused[] = {
      {"SYSCALL[7,1](257) sys_openat ( -100, 0x4a2f0c0(/etc/passwd), 0 ) --> Success(0x3)\n", "openat (257)"},
      {"SYSCALL[7,1](1) sys_write ( 3, 0x10c060, 5 ) --> Success(0x5)\n", "write (1)"},
      {"SYSCALL[7,1](9) sys_mmap ( 0x0, 4096, 7, 34, -1, 0 ) --> Success(0x4e42000)\n", "mmap (9)"},
      {"SYSCALL[7,1](62) sys_kill ( 1, 9 ) --> Success(0x0)\n", "kill (62)"},
      {"SYSCALL[7,1](59) sys_execve ( 0x1, 0x2, 0x3 ) --> Success(0x0)\n", "execve (59)"},
  };
  for (const auto& [line, name] : refused)
    EXPECT_EQ(first_refused_counted_syscall(std::string(kBeforeTheMark) + line), name) << line;
  // A signal to itself (abort) is allowed.
  EXPECT_EQ(first_refused_counted_syscall(std::string(kBeforeTheMark) + "SYSCALL[7,1](62) sys_kill ( 7, 6 )\n"),
            std::nullopt);
}

TEST(GraderCountedSyscalls, AKernelCannotHideATraceLineBehindItsOwnOutput) {
  // The kernel shares stderr with valgrind: a partial line of its own before the real one does not
  // hide it; a forged trace line cut short is itself refused (or hides nothing).
  for (const char* before : {"no newline here", "SYSCALL[1,1](1"}) {
    std::string trace = std::string(kBeforeTheMark) + before +
                        "SYSCALL[7,1](257) sys_openat ( -100, 0x4a2f0c0(/etc/passwd), 0 ) --> Success(0x3)\n";
    EXPECT_EQ(first_refused_counted_syscall(trace), "openat (257)") << before;
  }
  for (const char* before : {"SYSCALL[7,1](1) ", "SYSCALL[7,1](1) sys_write ( 1"}) {
    std::string trace = std::string(kBeforeTheMark) + before +
                        "SYSCALL[7,1](257) sys_openat ( -100, 0x4a2f0c0(/etc/passwd), 0 ) --> Success(0x3)\n";
    EXPECT_TRUE(first_refused_counted_syscall(trace).has_value()) << before;
  }
  // A forged trace line of its own after the mark is a call the lockdown refuses: it only harms it.
  EXPECT_EQ(first_refused_counted_syscall(std::string(kBeforeTheMark) + "SYSCALL[7,1](110) sys_getppid()\n"),
            "getppid (110)");
}

TEST(GraderCountedSyscalls, TheProgramsOwnStderrIsWhatIsLeftWithoutTheTrace) {
  EXPECT_EQ(without_syscall_trace(std::string(kBeforeTheMark) +
                                  "SYSCALL[7,1](1) sys_write ( 2, 0x10c060, 26 ) --> [async] ... \n"
                                  "prog.uir:3: assert failed\n"
                                  "SYSCALL[7,1](1) ... [async] --> Success(0x1a) \n"),
            "prog.uir:3: assert failed\n");
}

}  // namespace
}  // namespace uirgrade
