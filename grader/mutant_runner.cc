// The student's side is the oracle's CLI functions on strings; the kernel's side is the mutant
// interpreter with the driver's output format (every buffer like `run`, the failing assert on stderr).
#include "grader/mutant_runner.h"

#include <stdlib.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "base/file_text.h"
#include "mutation/catalogue_variant.h"
#include "mutation/mutant_run.h"
#include "oracle/cli.h"

namespace uirgrade {
namespace {

ProcessResult exited(int code, std::string out, std::string err) {
  ProcessResult r;
  r.started = true;
  r.exited = true;
  r.exit_code = code;
  r.out = std::move(out);
  r.err = std::move(err);
  return r;
}

const std::string* file_named(const ProcessRequest& request, const std::string& name) {
  for (const auto& [file, text] : request.files)
    if (file == name) return &text;
  return nullptr;
}

}  // namespace

ProcessResult MutantRunner::run(const ProcessRequest& request) {
  if (request.argv.size() == 3 && (request.argv[1] == "run" || request.argv[1] == "render"))
    return student_command(request);
  for (size_t k = 0; k + 1 < request.argv.size(); ++k)
    if (request.argv[k] == "-o") return compile(request);
  return kernel(request);
}

ProcessResult MutantRunner::student_command(const ProcessRequest& request) {
  const std::string* text = file_named(request, request.argv[2]);
  if (!text) return exited(2, "", request.argv[2] + ": error: cannot read program\n");
  uir::ProgramFile file{request.argv[2], *text};
  std::istringstream in(request.stdin_data);
  std::ostringstream out, err;
  int code = request.argv[1] == "run" ? uir::cli_run(file, in, out, err, mutant_variant(mutants_))
                                      : uir::cli_render(file, out, err, mutant_variant(mutants_));
  if (request.argv[1] == "render" && code == 0) {
    std::lock_guard lock(mutex_);
    program_of_c_[out.str()] = *text;
  }
  ProcessResult result = exited(code, out.str(), err.str());
  if (code == kMutantHangExit) result.exited = false, result.timed_out = true;
  return result;
}

/// A real object file of a kernel that calls nothing, compiled once: what the object check
/// (render/kernel_object_check.h) reads in place of a mutant's, whose C is the oracle renderer's own.
const std::string& stand_in_kernel_object() {
  static const std::string object = [] {
    std::string dir = (std::filesystem::temp_directory_path() / "uirgrade-mutant-object-XXXXXX").string();
    if (!mkdtemp(dir.data())) return std::string();
    std::ofstream(dir + "/kernel.c") << "int kernel(void) { return 0; }\n";
    std::string command = "cc -std=c11 -c -o '" + dir + "/kernel.o' '" + dir + "/kernel.c' 2>/dev/null";
    std::string bytes = std::system(command.c_str()) == 0 ? read_file_text_or_empty(dir + "/kernel.o") : "";
    std::filesystem::remove_all(dir);
    return bytes;
  }();
  return object;
}

ProcessResult MutantRunner::compile(const ProcessRequest& request) {
  // The real runner moves what cc wrote in its working directory to take_files' destinations: the
  // output first, then (the kernel's one compile, render/c_compile.h) its .i, .o and .ci.
  std::string output = request.take_files.empty() ? "" : request.take_files[0].second;
  std::ofstream(output, std::ios::binary) << output;  // the engine checks that the compiler wrote it
  const std::string* kernel_c = file_named(request, "kernel.c");
  if (!kernel_c || request.take_files.size() < 4) return exited(0, "", "");  // the driver's object
  // The render rules read the preprocessed unit and the call graph. A mutant's C is the oracle's
  // renderer's: standard headers only, no macros of its own, no calls but to its own functions in
  // file order, so its preprocessed main-file lines are its own lines and its call graph has no cycle.
  std::string preprocessed = "# 1 \"kernel.c\"\n";
  std::istringstream lines(*kernel_c);
  for (std::string line; std::getline(lines, line);) preprocessed += (line.rfind("#include", 0) == 0 ? "" : line) + "\n";
  std::ofstream(request.take_files[1].second, std::ios::binary) << preprocessed;
  std::ofstream(request.take_files[2].second, std::ios::binary) << stand_in_kernel_object();
  std::ofstream(request.take_files[3].second) << "graph: { title: \"kernel.c\"\n}\n";
  std::lock_guard lock(mutex_);
  auto program = program_of_c_.find(*kernel_c);
  if (program != program_of_c_.end()) program_of_binary_[output] = program->second;
  return exited(0, "", "");
}

ProcessResult MutantRunner::kernel(const ProcessRequest& request) {
  std::string program;
  {
    std::lock_guard lock(mutex_);
    // Run from a copy in its run directory, the copy's bytes name the output they were copied from.
    const std::string* copy = file_named(request, "kernel");
    auto found = program_of_binary_.find(copy ? *copy : request.argv.empty() ? "" : request.argv[0]);
    if (found == program_of_binary_.end()) {
      ProcessResult r;
      r.internal_error = "the mutant runner does not know this command";
      return r;
    }
    program = found->second;
  }
  uir::Compiled compiled = uir::compile("prog.uir", program, mutant_variant(mutants_));
  auto data = uir::parse_slot_data(request.stdin_data, uir::slot_specs(compiled.program));
  if (compiled.error || !std::holds_alternative<std::vector<uir::SlotData>>(data))
    return exited(3, "", "stdin: malformed\n");
  uir::RunResult r = run_with_mutants(compiled, std::get<std::vector<uir::SlotData>>(data),
                                      mutants_.showing_in(MUTANT_RENDER));
  if (r.exit_code == kMutantHangExit) {
    ProcessResult hung = exited(0, "", "");
    hung.exited = false;
    hung.timed_out = true;
    return hung;
  }
  if (!r.crash.empty()) return exited(r.exit_code, "", "==1==ERROR: " + r.crash + "\n");
  std::string err = r.exit_code == 1 ? "prog.uir:" + std::to_string(r.failed_assert_line) + ": assert failed\n" : "";
  return exited(r.exit_code, uir::format_slot_data(r.buffers), err);
}

}  // namespace uirgrade
