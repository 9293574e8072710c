#include "cli/suites_folder.h"

#include <filesystem>

#include <fmt/format.h>

#include "grader/feedback/display_text.h"

namespace uirgrade {

std::string suites_folder_lines(const Options& options) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path used = fs::weakly_canonical(fs::absolute(options.suites_dir, ec), ec);
  std::string lines = fmt::format("suites: {} ({})\n", printable_line(used.string()),
                                  options.suites_dir_given ? "--suites" : "built-in");
  if (!options.suites_dir_given && fs::exists("suites/weeks.yaml", ec) &&
      !fs::equivalent("suites", options.suites_dir, ec))
    lines += "note: ./suites is not used; pass --suites ./suites to use it\n";
  return lines;
}

}  // namespace uirgrade
