// The compiler runs through the CommandRunner like any process, in the same sandbox as the student
// (the C it compiles is the student's: `#include "/dev/zero"` or of a hidden test's file must find
// nothing to read and no memory to grow into), with the week's compile limits. It writes its
// output into its working directory, from which the runner moves it into the compiler's own
// directory, owned by the grader and private (0700); the driver's object it links is copied into
// its working directory.
#include "grader/render/c_compile.h"

#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <limits>

#include <fmt/format.h>

#include "oracle/c_flags.h"
#include "grader/render/elf_object.h"
#include "base/file_text.h"
#include "base/sha256.h"
#include "grader/work/work_counter.h"

namespace uirgrade {
namespace {

// What the compiler writes in its working directory; the runner moves it out (ProcessRequest::take_files).
constexpr const char* kOutputName = "out";
// The loader that runs a kernel from its run directory (a file there needs no exec permission).
constexpr const char* kDynamicLoader = "/lib64/ld-linux-x86-64.so.2";
// cc1 reserves more address space than it uses; the whole tree's memory is held to the week's
// compile_memory where a cgroup can do it, and by this per-process cap where none can.
constexpr uint64_t kCompilerAddressSpace = 4ull << 30;

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

/// What the cache keys say of the compiler: the file `cc` resolves to, its size and modification
/// time (a new compiler is a new file), so no binary of another compiler is ever reused.
std::string compiler_identity(const std::string& cc_path) {
  std::error_code ec;
  std::filesystem::path real = std::filesystem::canonical(cc_path, ec);
  struct stat info {};
  if (ec || stat(real.c_str(), &info) != 0) return cc_path;
  return fmt::format("{} {} {}.{}", real.string(), info.st_size, info.st_mtim.tv_sec, info.st_mtim.tv_nsec);
}

/// The undefined symbols of an object (what it references outside itself).
std::vector<std::string> references_of(const std::string& object_bytes) {
  std::vector<std::string> names;
  std::string error;
  if (std::optional<ElfObject> object = read_elf_object(object_bytes, &error))
    for (const ElfSymbol& symbol : object->symbols)
      if (!symbol.defined && !symbol.name.empty()) names.push_back(symbol.name);
  return names;
}

}  // namespace

ProcessLimits c_compiler_limits(const CompileLimits& compile) {
  ProcessLimits limits;
  limits.wall_seconds = compile.seconds;
  limits.cpu_seconds = compile.seconds;
  limits.address_space_bytes = std::max(kCompilerAddressSpace, compile.memory_bytes);
  limits.memory_bytes = compile.memory_bytes;
  limits.stdout_cap_bytes = 256 << 10;
  limits.stderr_cap_bytes = 256 << 10;
  limits.file_size_bytes = compile.output_bytes;
  return limits;
}

ProcessRequest kernel_run_request(const CompileOutcome& compiled, const CCompiler& compiler) {
  ProcessRequest request;
  if (compiler.shares_compiled_kernels()) {
    request.argv = {compiled.binary_path};
    request.read_only_paths = {compiled.binary_path};
  } else {
    request.argv = {kDynamicLoader, "./kernel"};
    request.files = {{"kernel", read_file_text_or_empty(compiled.binary_path)}};
  }
  return request;
}

void drop_products(CompileOutcome& outcome) {
  // Assigned, not cleared: clear() keeps the memory.
  outcome.preprocessed = std::string();
  outcome.call_graph = std::string();
  outcome.kernel_object = std::string();
}

std::vector<std::string> c_compile_flags() {
  std::vector<std::string> flags(std::begin(uir::kSpecCFlags), std::end(uir::kSpecCFlags));
  flags.insert(flags.end(), {"-g", "-w"});  // line numbers in sanitizer reports; no warnings to show
  return flags;
}

std::string sanitizer_defaults_c(uint64_t rss_limit_mb) {
  return fmt::format(
      "// Sanitizer defaults of the grader: a report exits 86 (never 1, which means an assert). UBSan's\n"
      "// are the driver's own (oracle/render_driver.cc): its runtime reads them only at its first report.\n"
      "const char *__asan_default_options(void) {{\n"
      "  return \"detect_leaks=0:exitcode=86:hard_rss_limit_mb={}\";\n"
      "}}\n",
      rss_limit_mb);
}

CCompiler::CCompiler(CommandRunner& runner, uint64_t rss_limit_mb) : CCompiler(runner, rss_limit_mb, {}) {}

CCompiler::CCompiler(CommandRunner& runner, uint64_t rss_limit_mb, const CompilerWeakenings& weakened)
    : runner_(runner), rss_limit_mb_(rss_limit_mb), cc_path_(find_on_path("cc")), cc_identity_(compiler_identity(cc_path_)),
      weakened_(weakened), work_counter_(std::make_unique<WorkCounter>(runner)) {
  std::error_code ec;
  std::string pattern = (std::filesystem::temp_directory_path(ec) / "uirgrade-cc-XXXXXX").string();
  if (ec) pattern = "/tmp/uirgrade-cc-XXXXXX";
  // mkdtemp's 0700: only the grader reads the binaries; each run gets copies of what it needs.
  if (mkdtemp(pattern.data()) != nullptr) dir_ = pattern;
  if (!dir_.empty() && weakened_.share_compiled_kernels) chmod(dir_.c_str(), 0755);
}

CCompiler::~CCompiler() {
  kept_when_weakened_.clear();  // their binaries first, then the directory
  std::error_code ec;
  if (!dir_.empty()) std::filesystem::remove_all(dir_, ec);
}

int CCompiler::compiler_runs() const {
  std::lock_guard lock(mutex_);
  return compiler_runs_;
}

uint64_t CCompiler::held_bytes() const {
  uint64_t bytes = 0;
  std::error_code ec;
  if (!dir_.empty())
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir_, ec))
      if (entry.is_regular_file(ec)) bytes += entry.file_size(ec);
  std::lock_guard lock(mutex_);
  for (const CompileOutcome& kept : kept_when_weakened_)
    bytes += kept.preprocessed.size() + kept.call_graph.size() + kept.kernel_object.size();
  return bytes;
}

CompileOutcome CCompiler::driver_object(const std::string& driver_unit, const std::string& identity) {
  return drivers_
      .get("object" + std::string(1, '\0') + identity + '\0' + driver_unit,
           [&] {
             // Compiled in its own file, read into memory and deleted at once: the cache holds bytes,
             // so no compile can find a file another has just dropped.
             const std::string object = fmt::format("{}/driver-{}.o", dir_, sha256_hex(driver_unit + '\0' + identity));
             CompileOutcome driver = run_compiler({{"driver.c", driver_unit}}, {"-c", "driver.c"}, object, CompileLimits{});
             if (driver.status == CompileOutcome::Status::Ok) {
               driver.kernel_object = read_file_text_or_empty(object);
               driver.driver_references = references_of(driver.kernel_object);
             }
             std::error_code ec;
             std::filesystem::remove(object, ec);
             driver.binary_path.clear();
             return driver;
           },
           [](const CompileOutcome& driver) { return driver.status == CompileOutcome::Status::Ok; })
      .value;
}

CompileOutcome CCompiler::compile(const std::string& kernel_c, const std::string& driver_c,
                                  const CompileLimits& limits) {
  // The driver (with the sanitizer defaults) is most of the C to compile and depends only on the
  // program's buffers, so its object is cached on its own: a new kernel costs one compiler start.
  const std::string driver_unit = driver_c + "\n" + sanitizer_defaults_c(rss_limit_mb_);
  std::string flags;
  for (const std::string& flag : c_compile_flags()) flags += flag + '\0';
  const std::string identity = cc_identity_ + '\0' + flags;
  const auto driver_started = std::chrono::steady_clock::now();
  CompileOutcome driver = driver_object(driver_unit, identity);
  const double driver_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - driver_started).count();
  if (driver.status != CompileOutcome::Status::Ok) {
    // The driver is ours: its failure is never the student's.
    driver.status = CompileOutcome::Status::InternalError;
    driver.message = "the grader's driver does not compile: " + driver.message;
    driver.kernel_object.clear();
    return driver;
  }
  // One compilation of kernel.c with the run's flags, linked: -save-temps keeps its preprocessed
  // unit and object (named after the output: out-kernel.i, out-kernel.o) and -fcallgraph-info its
  // call graph (out-kernel.ci), so the checks read the very object that runs. Each kernel's files
  // have names of their own (two tests may render the same C at once).
  uint64_t number = 0;
  {
    std::lock_guard lock(mutex_);
    number = ++kernels_compiled_;
  }
  const std::string base = fmt::format("{}/kernel-{}", dir_, number);
  const std::string temps = std::string(kOutputName) + "-kernel";
  CompileOutcome linked = run_compiler(
      {{"kernel.c", kernel_c}, {"driver.o", driver.kernel_object}},
      {"-save-temps", "-fcallgraph-info", "kernel.c", "driver.o", "-lm"}, base, limits,
      {{temps + ".i", base + ".i"}, {temps + ".o", base + ".o"}, {temps + ".ci", base + ".ci"}});
  linked.seconds += driver_seconds;
  // The products are read into memory and their files removed now; the binary's file goes with
  // the last copy of the outcome.
  linked.preprocessed = read_file_text_or_empty(base + ".i");
  linked.call_graph = read_file_text_or_empty(base + ".ci");
  linked.kernel_object = read_file_text_or_empty(base + ".o");
  std::error_code ec;
  for (const char* extension : {".i", ".ci", ".o"}) std::filesystem::remove(base + extension, ec);
  if (linked.status == CompileOutcome::Status::Ok) {
    linked.binary_owner = std::shared_ptr<const std::string>(new std::string(base), [](const std::string* path) {
      std::error_code ignored;
      std::filesystem::remove(*path, ignored);
      delete path;
    });
  } else {
    std::filesystem::remove(base, ec);
    linked.preprocessed.clear();
    linked.call_graph.clear();
    linked.kernel_object.clear();
    return linked;
  }
  linked.driver_references = driver.driver_references;
  if (linked.call_graph.empty() || linked.kernel_object.empty()) {  // gcc writes at least the graph's title
    linked.status = CompileOutcome::Status::InternalError;
    linked.message = "the C compiler wrote no call graph or object (-fcallgraph-info needs gcc 10 or later)";
  }
  std::lock_guard lock(mutex_);
  if (weakened_.keep_every_compile) kept_when_weakened_.push_back(linked);
  return linked;
}

CompileOutcome CCompiler::run_compiler(const std::vector<std::pair<std::string, std::string>>& files,
                                       const std::vector<std::string>& arguments, const std::string& output,
                                       const CompileLimits& limits,
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
  request.take_files = {{kOutputName, output}};
  request.take_files.insert(request.take_files.end(), also_take.begin(), also_take.end());
  request.limits = c_compiler_limits(limits);

  ProcessResult result = runner_.run(request);
  outcome.seconds = result.wall_seconds;
  if (!result.started) {
    outcome.message = "could not start the C compiler: " + result.internal_error;
  } else if (result.memory_limit || result.workdir_limit || result.timed_out || result.cpu_limit) {
    // What the C made the compiler do (`#include "/dev/zero"`, a huge expansion, code that takes
    // cc1 minutes) is the student's: compiling is the student's work (spec §6.2).
    outcome.status = CompileOutcome::Status::CompileLimit;
    outcome.message =
        result.memory_limit    ? fmt::format("the C compiler ran out of memory on it (the limit is {} MiB)",
                                             request.limits.memory_bytes >> 20)
        : result.workdir_limit ? fmt::format("the C compiler filled its working directory (the limit is {} MiB)",
                                             request.limits.workdir_bytes >> 20)
                               : fmt::format("the C compiler did not finish it in time (the limit is {:g} s)",
                                             request.limits.wall_seconds);
  } else if (result.signal != 0) {
    outcome.message = fmt::format("the C compiler did not finish (signal {})", result.signal);
  } else if (result.exit_code != 0 && result.err.find("File size limit exceeded") != std::string::npos) {
    // as or ld stopped by RLIMIT_FSIZE (gcc names the signal so): the C makes an object or a
    // binary larger than the week allows. (A compile error quoting those words is the student's too.)
    outcome.status = CompileOutcome::Status::CompileLimit;
    outcome.message = fmt::format(
        "its object or linked kernel would exceed {} MiB, the limit of what the C compiler may write "
        "(a large constant array is stored in full)",
        request.limits.file_size_bytes >> 20);
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
