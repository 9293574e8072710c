// The fresh working directory of one student run (process.cc): created private under the temporary
// directory, filled with the request's files, owned by the student's uid when the grader borrows
// one, and removed afterwards whatever the program did to it (read-only directories included).
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace uirgrade {

class RunDirectory {
 public:
  /// Creates the directory and writes `files` (plain names, no '/') into it; when `owner` is set,
  /// the directory and files are given to that uid/gid. Fills *error on failure.
  static std::optional<RunDirectory> create(const std::vector<std::pair<std::string, std::string>>& files,
                                            std::optional<std::pair<uid_t, gid_t>> owner, std::string* error);
  RunDirectory(RunDirectory&& other) noexcept : path_(std::move(other.path_)) { other.path_.clear(); }
  RunDirectory& operator=(RunDirectory&&) = delete;
  RunDirectory(const RunDirectory&) = delete;
  /// Removes the directory and everything in it (call it once no process of the run is left).
  ~RunDirectory();
  const std::string& path() const { return path_; }
  /// Moves the regular file `name` (no link, one name only, at most `max_bytes`) to `destination`,
  /// owned by the grader and mode 0755 (the compiler's output). Fills *error on failure.
  bool take(const std::string& name, const std::string& destination, uint64_t max_bytes, std::string* error) const;

 private:
  explicit RunDirectory(std::string path) : path_(std::move(path)) {}
  std::string path_;
};

/// Removes `path` and everything below it without following symbolic links, first making each
/// directory writable by its owner. Returns false if anything is left.
bool remove_tree(const std::string& path);

}  // namespace uirgrade
