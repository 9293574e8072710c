#include "grader/submission_build.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <filesystem>

#include <fmt/format.h>

#include "grader/ustar_extract.h"
#include "sandbox/submission.h"

namespace uirgrade {
namespace {

constexpr const char* kArchive = ".uirgrade-built.tar";
constexpr size_t kLogTail = 8 << 10;

// Run by /bin/sh in the sandbox as `sh -c SCRIPT uirgrade-build FOLDER RECIPE`. Its own lines on
// stderr start with "uirgrade-build: "; exit 120 is a failure of ours (the copy), 121 the
// student's (the recipe failed, or made no student-uirc, or a tree tar cannot archive). The
// recipe's output goes to a file first, so that the end of a long log (where errors are) is kept.
constexpr const char* kScript = R"SH(
cp -R "$1"/. . || { echo "uirgrade-build: cannot copy the submission" >&2; exit 120; }
# A web upload loses exec bits: a script with #! or a compiled program gets them back.
find . -type f ! -perm -u+x | while IFS= read -r file; do
  case "$(head -c 4 "$file" | od -An -c | tr -d ' \n')" in
    '#!'*|'177ELF') chmod a+x "$file" ;;
  esac
done
if [ "$2" = build.sh ]; then sh ./build.sh > .uirgrade-build.log 2>&1; else make -f "$2" > .uirgrade-build.log 2>&1; fi
status=$?
tail -c 8192 .uirgrade-build.log
rm -f .uirgrade-build.log
if [ "$status" -ne 0 ]; then
  [ "$2" = build.sh ] && echo "uirgrade-build: sh ./build.sh exited $status" >&2 || echo "uirgrade-build: make exited $status" >&2
  exit 121
fi
if [ ! -f student-uirc ]; then
  echo "uirgrade-build: the build finished but made no file named student-uirc at the top of your submission" >&2
  exit 121
fi
tar --format=ustar --owner=0 --group=0 --numeric-owner --dereference --hard-dereference \
    --exclude=./.uirgrade-built.tar -cf .uirgrade-built.tar . 2>&1 ||
  { echo "uirgrade-build: the built folder cannot be archived (tar's message is above)" >&2; exit 121; }
)SH";

/// The last "uirgrade-build: " line of the script's stderr, without the prefix.
std::string script_message(const std::string& err) {
  const std::string prefix = "uirgrade-build: ";
  size_t at = err.rfind(prefix);
  if (at == std::string::npos) return "";
  std::string line = err.substr(at + prefix.size());
  return line.substr(0, line.find('\n'));
}

/// Why a run that did not exit on its own stopped, for the student.
std::string stopped_because(const ProcessResult& result, const ProcessLimits& limits) {
  if (result.timed_out) return fmt::format("the build did not finish within {:g} s", limits.wall_seconds);
  if (result.memory_limit || result.probably_memory)
    return fmt::format("the build ran out of memory ({} MiB)", limits.memory_bytes >> 20);
  if (result.workdir_limit)
    return fmt::format("the build wrote more than {} MiB or {} files", limits.workdir_bytes >> 20, limits.workdir_files);
  if (result.cpu_limit)
    return fmt::format("the build used more than {:g} s of CPU time",
                       limits.cpu_seconds * std::max(1.0, limits.cpu_helper_threads));
  if (result.signal) return fmt::format("the build was killed by signal {}", result.signal);
  return fmt::format("the build exited {}", result.exit_code);
}

std::string tail_of(const std::string& text, size_t most) {
  return text.size() <= most ? text : "[... the start of the log is cut ...]\n" + text.substr(text.size() - most);
}

}  // namespace

std::optional<std::string> build_recipe(const std::string& folder) {
  for (const char* name : {"build.sh", "Makefile", "makefile", "GNUmakefile"}) {
    struct stat info {};
    if (lstat((folder + "/" + name).c_str(), &info) == 0 && S_ISREG(info.st_mode)) return std::string(name);
  }
  return std::nullopt;
}

ProcessLimits build_limits() {
  ProcessLimits limits;
  limits.wall_seconds = 300;
  limits.cpu_seconds = 300;                   // times cpu_helper_threads: make -j, a JVM's or GHC's threads
  limits.memory_bytes = 4ull << 30;           // what they use, for the whole build (no address-space
                                              // limit: ghc reserves 1 TiB, javac's JVM gigabytes)
  limits.stdout_cap_bytes = 64 << 10;
  limits.stderr_cap_bytes = 64 << 10;
  limits.file_size_bytes = 512ull << 20;
  limits.workdir_bytes = 2ull << 30;          // the sources, the build's objects and the archive of both
  limits.workdir_files = 50'000;
  return limits;
}

BuiltSubmission::~BuiltSubmission() {
  if (dir_.empty()) return;
  std::error_code ec;
  std::filesystem::remove_all(std::filesystem::path(dir_).parent_path(), ec);
}

BuildOutcome build_submission(const std::string& folder, CommandRunner& runner, std::optional<gid_t> group) {
  BuildOutcome outcome;
  std::optional<std::string> recipe = build_recipe(folder);
  if (!recipe) {
    outcome.message = "no build recipe in " + folder;
    return outcome;
  }
  std::error_code ec;
  std::string parent = (std::filesystem::temp_directory_path(ec) / "uirgrade-built-XXXXXX").string();
  if (ec || !mkdtemp(parent.data())) {
    outcome.message = fmt::format("cannot make a directory for the build: {}", std::strerror(errno));
    return outcome;
  }
  BuiltSubmission built(parent + "/submission");  // removes `parent` on every return but success
  const std::string archive = parent + "/built.tar";

  ProcessRequest request;
  request.argv = {"/bin/sh", "-c", kScript, "uirgrade-build", folder, *recipe};
  request.limits = build_limits();
  request.read_only_paths = {folder};
  request.take_files = {{kArchive, archive}};
  request.extra_group = group;
  ProcessResult result = runner.run(request);
  outcome.seconds = result.wall_seconds;
  outcome.log = tail_of(result.out, kLogTail);
  if (!result.started) {
    outcome.message = "the build could not start: " + result.internal_error;
    return outcome;
  }
  if (result.exited && result.exit_code == 120) {
    outcome.message = script_message(result.err);
    return outcome;
  }
  if (!result.exited || result.exit_code != 0) {
    outcome.status = BuildOutcome::Status::Failed;
    std::string said = result.exited && result.exit_code == 121 ? script_message(result.err) : "";
    outcome.message = said.empty() ? stopped_because(result, request.limits) : said;
    return outcome;
  }
  // The tree is the student's; so is the archive (ustar_extract.h): refused members are the student's.
  // Explicit modes, whatever the grader's umask: the borrowed uids run what is in there (with a
  // group, only its uids: the directory above the tree is root's and the group's alone).
  const bool group_only = group.has_value();
  if (::mkdir(built.dir().c_str(), 0755) != 0 || ::chmod(built.dir().c_str(), 0755) != 0 ||
      (group_only && ::chown(parent.c_str(), 0, *group) != 0) || ::chmod(parent.c_str(), group_only ? 0750 : 0755) != 0) {
    outcome.message = fmt::format("cannot make the built submission's directory: {}", std::strerror(errno));
    return outcome;
  }
  std::string refused = unpack_ustar(archive, built.dir(), {.bytes = request.limits.workdir_bytes, .entries = 50'000});
  ::unlink(archive.c_str());
  if (!refused.empty()) {
    outcome.status = BuildOutcome::Status::Failed;
    outcome.message = "what the build made cannot be graded: " + refused;
    return outcome;
  }
  outcome.status = BuildOutcome::Status::Built;
  outcome.built.emplace(std::move(built));
  return outcome;
}

BuildOutcome build_student_compiler(const std::string& executable, CommandRunner& runner, bool copy_first,
                                    std::optional<gid_t> group) {
  std::string folder = std::filesystem::path(executable).parent_path().string();
  std::optional<SubmissionCopy> copy;
  if (copy_first) {
    std::string error;
    std::optional<SubmissionCopy> made = group ? SubmissionCopy::make_private(executable, true, *group, &error)
                                               : SubmissionCopy::make(executable, &error);
    if (made) copy.emplace(std::move(*made));
    if (!copy) {
      BuildOutcome outcome;
      outcome.message = error;
      return outcome;
    }
    folder = copy->dir();
  }
  BuildOutcome outcome = build_submission(folder, runner, group);
  if (outcome.built && ::access(outcome.built->executable().c_str(), X_OK) != 0) {
    outcome.built.reset();
    outcome.status = BuildOutcome::Status::Failed;
    outcome.message = "the build made student-uirc, but not as a program: build it as one, or start the script "
                      "with a #! line (e.g. #!/usr/bin/env python3)";
  }
  return outcome;
}

}  // namespace uirgrade
