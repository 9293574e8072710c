// The compiler runs through the CommandRunner like any process, in the same sandbox as the student
// (the C it compiles is the student's: `#include "/dev/zero"` or of a hidden test's file must find
// nothing to read and no memory to grow into), with a larger time and memory limit. It writes its
// output into its working directory, from which the runner moves it into the compiler's own
// directory, owned by the grader; the objects it links are given to it read-only.
#include "grader/c_compile.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <limits>

#include <fmt/format.h>

#include "oracle/c_flags.h"
#include "oracle/seeded_random.h"
#include "grader/file_text.h"

namespace uirgrade {
namespace {

// What the compiler writes in its working directory; the runner moves it out (ProcessRequest::take_files).
constexpr const char* kOutputName = "out";
// cc1 on the largest kernels needs a few hundred MiB (and a sanitized link a little more); the
// whole tree is held to kCompilerMemory where a cgroup can do it, `#include "/dev/zero"` included.
constexpr uint64_t kCompilerAddressSpace = 4ull << 30;
constexpr uint64_t kCompilerMemory = 1ull << 30;

std::string find_on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    std::string candidate = dirs.substr(start, end - start) + "/" + program;
    if (end > start && access(candidate.c_str(), X_OK) == 0) return candidate;
    start = end + 1;
  }
  return "";
}

}  // namespace

ProcessLimits c_compiler_limits() {
  ProcessLimits limits;
  limits.wall_seconds = 120;  // a loaded 2-core CI machine compiles slowly
  limits.cpu_seconds = 120;
  limits.address_space_bytes = kCompilerAddressSpace;
  limits.memory_bytes = kCompilerMemory;
  limits.stdout_cap_bytes = 256 << 10;
  limits.stderr_cap_bytes = 256 << 10;
  limits.file_size_bytes = 512ull << 20;
  return limits;
}

std::vector<std::string> c_compile_flags() {
  std::vector<std::string> flags(std::begin(uir::kSpecCFlags), std::end(uir::kSpecCFlags));
  flags.insert(flags.end(), {"-g", "-w"});  // line numbers in sanitizer reports; no warnings to show
  return flags;
}

std::string sanitizer_defaults_c(uint64_t rss_limit_mb) {
  return fmt::format(
      "// Sanitizer defaults of the grader: a report exits 86 (never 1, which means an assert).\n"
      "const char *__asan_default_options(void) {{\n"
      "  return \"detect_leaks=0:exitcode=86:hard_rss_limit_mb={}\";\n"
      "}}\n"
      "const char *__ubsan_default_options(void) {{\n"
      "  return \"halt_on_error=1:print_stacktrace=1:exitcode=86\";\n"
      "}}\n",
      rss_limit_mb);
}

CCompiler::CCompiler(CommandRunner& runner, uint64_t rss_limit_mb)
    : runner_(runner), rss_limit_mb_(rss_limit_mb), cc_path_(find_on_path("cc")) {
  std::error_code ec;
  std::string pattern = (std::filesystem::temp_directory_path(ec) / "uirgrade-cc-XXXXXX").string();
  if (ec) pattern = "/tmp/uirgrade-cc-XXXXXX";
  if (mkdtemp(pattern.data()) != nullptr) {
    dir_ = pattern;
    // The binaries run under a borrowed unprivileged uid when the grader is root: they must be
    // reachable by name (never listable: a test must not find another test's kernel).
    chmod(dir_.c_str(), 0711);
  }
}

CCompiler::~CCompiler() {
  std::error_code ec;
  if (!dir_.empty()) std::filesystem::remove_all(dir_, ec);
}

int CCompiler::compiler_runs() const {
  std::lock_guard lock(mutex_);
  return compiler_runs_;
}

CompileOutcome CCompiler::cached(const std::string& key, const std::function<CompileOutcome(uint64_t)>& build) {
  std::promise<CompileOutcome> promise;
  std::shared_future<CompileOutcome> future;
  bool ours = false;
  {
    std::lock_guard lock(mutex_);
    auto [it, inserted] = cache_.try_emplace(key);
    if (inserted) {
      it->second = promise.get_future().share();
      ours = true;
    }
    future = it->second;
  }
  if (!ours) {
    CompileOutcome outcome = future.get();
    outcome.from_cache = true;
    outcome.seconds = 0;
    return outcome;
  }
  CompileOutcome outcome = build(uir::fnv1a64(key));
  promise.set_value(outcome);
  return outcome;
}

CompileOutcome CCompiler::compile(const std::string& kernel_c, const std::string& driver_c) {
  // The driver (with the sanitizer defaults) is most of the C to compile and depends only on the
  // program's buffers, so its object is cached on its own: a new kernel costs one compile of the
  // kernel and a link.
  std::string driver_unit = driver_c + "\n" + sanitizer_defaults_c(rss_limit_mb_);
  return cached(std::string("binary") + '\0' + kernel_c + '\0' + driver_unit, [&](uint64_t hash) {
    CompileOutcome driver = cached(std::string("object") + '\0' + driver_unit, [&](uint64_t driver_hash) {
      std::string object = fmt::format("{}/driver-{:016x}.o", dir_, driver_hash);
      return run_compiler({{"driver.c", driver_unit}}, {"-c", "driver.c"}, {}, object);
    });
    if (driver.status != CompileOutcome::Status::Ok) {
      // The driver is ours: its failure is never the student's.
      driver.status = CompileOutcome::Status::InternalError;
      driver.message = "the grader's driver does not compile: " + driver.message;
      return driver;
    }
    // What the render rules are checked on, before the kernel is built: macros expanded, and the
    // calls gcc itself sees.
    CompileOutcome preprocessed =
        run_compiler({{"kernel.c", kernel_c}}, {"-E", "kernel.c"}, {}, fmt::format("{}/kernel-{:016x}.i", dir_, hash));
    if (preprocessed.status != CompileOutcome::Status::Ok) return preprocessed;
    const std::string graph_object = fmt::format("{}/kernel-{:016x}-graph.o", dir_, hash);
    const std::string graph_file = graph_object.substr(0, graph_object.size() - 2) + ".ci";
    // gcc names the graph after the object it writes: `-o out` gives out.ci.
    CompileOutcome graph = run_compiler({{"kernel.c", kernel_c}},
                                        {"-O0", "-fno-sanitize=all", "-fcallgraph-info", "-c", "kernel.c"}, {},
                                        graph_object, {{std::string(kOutputName) + ".ci", graph_file}});
    if (graph.status != CompileOutcome::Status::Ok) return graph;
    std::string binary = fmt::format("{}/kernel-{:016x}", dir_, hash);
    CompileOutcome linked =
        run_compiler({{"kernel.c", kernel_c}}, {"kernel.c", driver.binary_path, "-lm"}, {driver.binary_path}, binary);
    linked.seconds += driver.seconds + preprocessed.seconds + graph.seconds;
    if (linked.status != CompileOutcome::Status::Ok) return linked;
    linked.preprocessed = read_file_text_or_empty(preprocessed.binary_path);
    linked.call_graph = read_file_text_or_empty(graph_file);
    if (linked.call_graph.empty()) {  // gcc writes at least the graph's title
      linked.status = CompileOutcome::Status::InternalError;
      linked.message = "the C compiler wrote no call graph (-fcallgraph-info needs gcc 10 or later)";
    }
    return linked;
  });
}

CompileOutcome CCompiler::run_compiler(const std::vector<std::pair<std::string, std::string>>& files,
                                       const std::vector<std::string>& arguments,
                                       const std::vector<std::string>& inputs, const std::string& output,
                                       const std::vector<std::pair<std::string, std::string>>& also_take) {
  CompileOutcome outcome;
  if (cc_path_.empty()) {
    outcome.message = "no C compiler: `cc` is not on PATH";
    return outcome;
  }
  if (dir_.empty()) {
    outcome.message = "could not create a temporary directory for compiled kernels";
    return outcome;
  }
  {
    std::lock_guard lock(mutex_);
    ++compiler_runs_;
  }
  ProcessRequest request;
  request.argv.push_back(cc_path_);
  for (const std::string& flag : c_compile_flags()) request.argv.push_back(flag);
  request.argv.insert(request.argv.end(), arguments.begin(), arguments.end());
  request.argv.push_back("-o");
  request.argv.push_back(kOutputName);
  request.files = files;
  request.read_only_paths = inputs;
  request.take_files = {{kOutputName, output}};
  request.take_files.insert(request.take_files.end(), also_take.begin(), also_take.end());
  request.limits = c_compiler_limits();

  ProcessResult result = runner_.run(request);
  outcome.seconds = result.wall_seconds;
  if (!result.started) {
    outcome.message = "could not start the C compiler: " + result.internal_error;
  } else if (result.memory_limit || result.workdir_limit) {
    // What the C made the compiler do (`#include "/dev/zero"`, a huge expansion) is the student's.
    outcome.status = CompileOutcome::Status::CompileError;
    outcome.message = result.memory_limit
                          ? fmt::format("the C compiler ran out of memory on it (the limit is {} MiB)",
                                        request.limits.memory_bytes >> 20)
                          : fmt::format("the C compiler filled its working directory (the limit is {} MiB)",
                                        request.limits.workdir_bytes >> 20);
  } else if (result.timed_out || result.cpu_limit || result.signal != 0) {
    outcome.message = fmt::format("the C compiler did not finish ({})",
                                  result.timed_out || result.cpu_limit ? "time-out"
                                                                       : fmt::format("signal {}", result.signal));
  } else if (result.exit_code != 0) {
    outcome.status = CompileOutcome::Status::CompileError;
    outcome.message = result.err.empty() ? result.out : result.err;
    // The linker names the driver's object by its path in this run's temporary directory: without
    // that, the same C gets the same message in every run (kept cases and reproduce.sh compare).
    const std::string cache_prefix = dir_ + "/";
    for (size_t at; (at = outcome.message.find(cache_prefix)) != std::string::npos;)
      outcome.message.erase(at, cache_prefix.size());
  } else if (access(output.c_str(), R_OK) != 0) {
    outcome.message = "the C compiler succeeded but wrote nothing at " + output;
  } else {
    outcome.status = CompileOutcome::Status::Ok;
    outcome.binary_path = output;
  }
  return outcome;
}

}  // namespace uirgrade
