// One output stream of a student process (stdout or stderr), captured up to a cap. Reads are
// non-blocking (the runner polls both pipes); beyond the cap the bytes are read and dropped, so
// the program never blocks on a full pipe and the grader's memory stays bounded.
#pragma once

#include <cstdint>
#include <string>

namespace uirgrade {

class OutputCapture {
 public:
  /// Takes ownership of `read_fd`, which must be O_NONBLOCK.
  OutputCapture(int read_fd, uint64_t cap) : fd_(read_fd), cap_(cap) {}
  OutputCapture(const OutputCapture&) = delete;
  OutputCapture& operator=(const OutputCapture&) = delete;
  ~OutputCapture() { close_pipe(); }

  /// Reads what is available now; on end of file (or a read error) closes the pipe.
  void drain();
  bool open() const { return fd_ >= 0; }
  int fd() const { return fd_; }
  void close_pipe();

  std::string text;        // the first `cap` bytes
  bool truncated = false;  // more than `cap` bytes were written

 private:
  int fd_;
  uint64_t cap_;
};

}  // namespace uirgrade
