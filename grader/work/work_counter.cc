// One compile and one counted run per kernel, both through the CommandRunner like every process
// of a student's. The compiler writes `out` in its working directory; the runner moves it into this
// counter's private directory, from which the counted run gets a copy in its own run directory (the
// path of the private directory never appears on a student's command line). callgrind writes its
// dump after the program has exited, and a shell appends it to stderr, so the dump is the last thing
// on stderr; it is taken from there, so a kernel whose run ends in exit 1 (a failing assert, a test
// that expects it) is counted too (ProcessRequest::take_files takes files only after exit 0).
#include "grader/work/work_counter.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <limits>

#include <fmt/format.h>

#include "grader/render/c_compile.h"
#include "grader/work/counted_syscalls.h"
#include "base/file_text.h"
#include "base/sha256.h"
#include "oracle/c_flags.h"

namespace uirgrade {
namespace {

constexpr const char* kOutputName = "out";
constexpr const char* kDumpStart = "# callgrind format";
constexpr uint64_t kValgrindAddressSpace = 1ull << 30;  // valgrind's own mappings, beside the kernel's
constexpr uint64_t kDumpCap = 64ull << 20;              // stderr: the program's, the trace and callgrind's dump

std::string find_cc() {
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
  for (size_t start = 0; start <= dirs.size();) {
    size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    std::string candidate = dirs.substr(start, end - start) + "/cc";
    if (end > start && access(candidate.c_str(), X_OK) == 0) return candidate;
    start = end + 1;
  }
  return "";
}

/// Whether valgrind itself failed (as opposed to the program it runs): its fatal messages start with
/// "valgrind: " (a warning says "(non-fatal)" and is not one), or it reports an internal error.
bool valgrind_failed_itself(const std::string& err) {
  if (err.find("the 'impossible' happened") != std::string::npos ||
      err.find("Valgrind's memory management: out of memory") != std::string::npos)
    return true;
  for (size_t at = 0; (at = err.find("valgrind: ", at)) != std::string::npos; at += 10) {
    bool line_start = at == 0 || err[at - 1] == '\n';
    if (line_start && err.compare(at, 28, "valgrind: warning (non-fatal") != 0 && err.compare(at, 20, "valgrind: continuing") != 0)
      return true;
  }
  return false;
}

/// Compiles the kernel and its driver without sanitizers, the binary taken into `binary`; false,
/// with count.message said, when it did not compile.
bool compile_for_counting(CommandRunner& runner, const std::string& cc_path, const std::string& binary,
                          const std::string& kernel_c, const std::string& driver_c,
                          const CompileLimits& compile_limits, WorkCount& count) {
  ProcessRequest compile;
  compile.argv = {cc_path};
  for (const std::string& flag : work_compile_flags()) compile.argv.push_back(flag);
  compile.argv.insert(compile.argv.end(), {"kernel.c", "driver.c", "-o", kOutputName, "-lm"});
  compile.files = {{"kernel.c", kernel_c}, {"driver.c", driver_c}};
  compile.take_files = {{kOutputName, binary}};
  compile.limits = c_compiler_limits(compile_limits);
  ProcessResult compiled = runner.run(compile);
  count.seconds += compiled.wall_seconds;
  if (!compiled.started || !compiled.exited || compiled.exit_code != 0 || access(binary.c_str(), R_OK) != 0) {
    // It compiled with the spec's flags a moment ago; without sanitizers it must compile too.
    count.message = fmt::format("the kernel did not compile for counting: {}",
                                !compiled.started ? compiled.internal_error
                                : compiled.err.empty() ? std::string("no output") : compiled.err.substr(0, 400));
    return false;
  }
  return true;
}

/// The run of the kernel under callgrind, with the test's limits widened for valgrind.
ProcessRequest counted_run_request(std::string binary_bytes, const std::string& stdin_data,
                                   const ProcessLimits& limits) {
  ProcessRequest run;
  run.argv = work_count_command();
  run.files = {{"kernel", std::move(binary_bytes)}};
  run.stdin_data = stdin_data;
  run.limits = limits;
  run.limits.wall_seconds = std::min(limits.wall_seconds * kCountedRunSlowdown + kCountedRunStartSeconds, kMaxCountedRunSeconds);
  run.limits.cpu_seconds = std::min(limits.cpu_seconds * kCountedRunSlowdown + kCountedRunStartSeconds, kMaxCountedRunSeconds);
  run.limits.stderr_cap_bytes = kDumpCap;
  run.limits.memory_bytes = limits.memory_bytes + kValgrindAddressSpace;
  if (limits.address_space_bytes < std::numeric_limits<uint64_t>::max() - kValgrindAddressSpace)
    run.limits.address_space_bytes = limits.address_space_bytes + kValgrindAddressSpace;
  return run;
}

/// Whether the counted run failed (valgrind, or the kernel under it); then `count` says how.
bool counted_run_failed(ProcessResult& ran, double wall_limit_seconds, WorkCount& count) {
  if (!ran.started) {
    count.message = "could not start valgrind: " + ran.internal_error;
    return true;
  }
  // A limit is the kernel's (it ran long or large under the counter); then valgrind's own failure
  // is ours; then a signal or an exit the driver never makes is the kernel's.
  const bool limit = ran.timed_out || ran.cpu_limit || ran.memory_limit;
  if (!limit && valgrind_failed_itself(ran.err)) {
    size_t at = ran.err.find("valgrind");
    count.message = "valgrind failed: " + ran.err.substr(at == std::string::npos ? 0 : at, 300);
    return true;
  }
  // A call the lockdown refuses decides first: the graded run would have ended there.
  if (std::optional<std::string> refused = first_refused_counted_syscall(ran.err)) {
    count.status = WorkCount::Status::KernelFailed;
    count.refused_syscall = true;
    count.message = fmt::format("made system call {} that a kernel may not make", *refused);
    count.run = std::move(ran);
    count.run.err = without_syscall_trace(count.run.err);
    return true;
  }
  if (limit) {
    count.status = WorkCount::Status::OverLimits;
    count.message = ran.memory_limit ? "the kernel ran out of memory under the instruction counter"
                                     : fmt::format("the kernel did not finish under the instruction counter within {:g} s",
                                                   wall_limit_seconds);
    return true;
  }
  if (ran.signal != 0 || !ran.exited || (ran.exit_code != 0 && ran.exit_code != 1)) {
    count.status = WorkCount::Status::KernelFailed;
    count.message = ran.signal != 0 || !ran.exited
                        ? fmt::format("was killed by signal {}", ran.signal)
                        : fmt::format("exited {}", ran.exit_code);
    size_t dump = ran.err.rfind(kDumpStart);
    count.run = std::move(ran);
    if (dump != std::string::npos) count.run.err.erase(dump);
    count.run.err = without_syscall_trace(count.run.err);
    return true;
  }
  if (ran.stderr_truncated) {  // the kernel's own output, the trace of its calls or its code's size
    count.status = WorkCount::Status::KernelFailed;
    count.message = fmt::format("wrote more than {} MiB to stderr", kDumpCap >> 20);
    count.run = std::move(ran);
    count.run.err = without_syscall_trace(count.run.err.substr(0, 4096));
    return true;
  }
  return false;
}

/// The profile in callgrind's dump at the end of a run that went well; the run kept without it.
void take_profile(ProcessResult& ran, WorkCount& count) {
  size_t dump = ran.err.rfind(kDumpStart);
  if (dump == std::string::npos) {
    count.message = "valgrind wrote no callgrind output";
    return;
  }
  std::string error;
  std::optional<CallgrindProfile> profile = parse_callgrind_profile(std::string_view(ran.err).substr(dump), "kernel.c", &error);
  if (!profile) {
    count.message = error;
    return;
  }
  count.status = WorkCount::Status::Ok;
  count.profile = std::move(*profile);
  count.run = std::move(ran);
  count.run.err.erase(dump);
  count.run.err = without_syscall_trace(count.run.err);
}

}  // namespace

std::vector<std::string> work_compile_flags() {
  std::vector<std::string> flags;
  for (std::string_view flag : uir::kSpecCFlags)
    if (!flag.starts_with("-fsanitize") && !flag.starts_with("-fno-sanitize")) flags.emplace_back(flag);
  flags.insert(flags.end(), {"-fno-tree-loop-im", "-fno-move-loop-invariants", "-fno-ivopts", "-finline-small-functions",
                             "-g", "-w", "-Wl,-z,now"});
  return flags;
}

std::string baseline_library_tunables() {
  // glibc picks memcpy, memset and libm's functions by what the CPU has (AVX2, FMA, ERMS: rep movsb
  // counts one instruction per byte under valgrind) and sizes its copy strategies by the CPU's
  // caches: without this, one kernel's count would differ from one grading machine to the next.
  // Every feature above x86-64's SSE2 baseline is masked and the cache figures fixed, so glibc
  // takes its baseline code everywhere (names glibc 2.36 does not know are ignored).
  return "GLIBC_TUNABLES=glibc.cpu.hwcaps="
         "-AVX,-AVX2,-AVX512F,-AVX512CD,-AVX512BW,-AVX512DQ,-AVX512ER,-AVX512PF,-AVX512VL,-AVX_VNNI,-FMA,-FMA4,"
         "-F16C,-BMI1,-BMI2,-LZCNT,-MOVBE,-POPCNT,-SSSE3,-SSE4_1,-SSE4_2,-ERMS,-FSRM,-RTM,-Fast_Rep_String,"
         "-Fast_Unaligned_Load,-Fast_Unaligned_Copy,-Fast_Copy_Backward,-Prefer_ERMS,-Prefer_FSRM,"
         "-AVX_Fast_Unaligned_Load,-Prefer_PMINUB_for_stringop"
         ":glibc.cpu.x86_data_cache_size=32768:glibc.cpu.x86_shared_cache_size=1048576"
         ":glibc.cpu.x86_non_temporal_threshold=786432:glibc.cpu.x86_rep_movsb_threshold=2048"
         ":glibc.cpu.x86_rep_stosb_threshold=2048";
}

std::vector<std::string> work_count_command() {
  // callgrind writes its dump to a file when the program exits; the shell appends it to stderr and
  // exits as valgrind did (128 + N for a signal N). /dev/stderr is no way out: the run's pipes
  // belong to the grader, and a borrowed uid may not open them again through /proc.
  // --vgdb=no: no gdbserver FIFOs in /tmp. --trace-syscalls=yes: the program's system calls on
  // stderr, for the lockdown's rules (counted_syscalls.h).
  return {"/bin/sh", "-c",
          baseline_library_tunables() +
          " /usr/bin/valgrind -q --vgdb=no --trace-syscalls=yes --tool=callgrind --toggle-collect=kernel --dump-instr=yes "
          "--callgrind-out-file=callgrind.out /lib64/ld-linux-x86-64.so.2 ./kernel; status=$?; "
          "cat callgrind.out >&2 2>/dev/null; exit $status",
          "uirgrade-count"};
}

WorkCounter::WorkCounter(CommandRunner& runner) : runner_(runner), cc_path_(find_cc()) {
  std::error_code ec;
  std::string pattern = (std::filesystem::temp_directory_path(ec) / "uirgrade-work-XXXXXX").string();
  if (ec) pattern = "/tmp/uirgrade-work-XXXXXX";
  if (mkdtemp(pattern.data()) != nullptr) dir_ = pattern;  // 0700: the grader's alone
}

WorkCounter::~WorkCounter() {
  std::error_code ec;
  if (!dir_.empty()) std::filesystem::remove_all(dir_, ec);
}

int WorkCounter::compiles() const {
  std::lock_guard lock(mutex_);
  return compiles_;
}

WorkCount WorkCounter::count(const std::string& kernel_c, const std::string& driver_c, const std::string& stdin_data,
                             const ProcessLimits& limits, const CompileLimits& compile_limits) {
  return compile_and_count(kernel_c, driver_c, stdin_data, limits, compile_limits);
}

WorkCount WorkCounter::count_reference(const std::string& oracle_c, const std::string& driver_c,
                                       const std::string& stdin_data, const ProcessLimits& limits) {
  const std::string key = sha256_hex(oracle_c + '\0' + driver_c + '\0' + stdin_data);
  OnceByKey<WorkCount>::Got got = references_.get(
      key, [&] { return compile_and_count(oracle_c, driver_c, stdin_data, limits, CompileLimits{}); },
      // A failure of ours is counted again next time.
      [](const WorkCount& counted) { return counted.status != WorkCount::Status::InternalError; });
  if (!got.computed_here) got.value.seconds = 0;
  return got.value;
}

WorkCount WorkCounter::compile_and_count(const std::string& kernel_c, const std::string& driver_c,
                                         const std::string& stdin_data, const ProcessLimits& limits,
                                         const CompileLimits& compile_limits) {
  WorkCount count;
  if (cc_path_.empty() || dir_.empty()) {
    count.message = cc_path_.empty() ? "no C compiler: `cc` is not on PATH" : "no private directory for counted kernels";
    return count;
  }
  {
    std::lock_guard lock(mutex_);
    ++compiles_;
  }
  // One binary per call, named by its text and removed after its run: nothing outlives the count.
  char unique[32];
  snprintf(unique, sizeof unique, "%p", static_cast<void*>(&count));
  const std::string binary = fmt::format("{}/work-{}-{}", dir_, sha256_hex(kernel_c + '\0' + driver_c).substr(0, 16),
                                         unique + 2);
  if (!compile_for_counting(runner_, cc_path_, binary, kernel_c, driver_c, compile_limits, count)) return count;
  std::string binary_bytes = read_file_text_or_empty(binary);
  std::error_code ec;
  std::filesystem::remove(binary, ec);

  ProcessRequest run = counted_run_request(std::move(binary_bytes), stdin_data, limits);
  ProcessResult ran = runner_.run(run);
  count.seconds += ran.wall_seconds;
  if (counted_run_failed(ran, run.limits.wall_seconds, count)) return count;
  take_profile(ran, count);
  return count;
}

}  // namespace uirgrade
