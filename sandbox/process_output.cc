#include "sandbox/process_output.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace uirgrade {

void OutputCapture::drain() {
  char buffer[64 * 1024];
  // A bounded number of reads, so that a program printing without end cannot keep the runner
  // from looking at its deadline.
  for (int reads = 0; reads < 16 && fd_ >= 0; reads++) {
    ssize_t n = read(fd_, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;  // nothing more for now
    if (n <= 0) {
      close_pipe();
      return;
    }
    uint64_t room = cap_ > text.size() ? cap_ - text.size() : 0;
    uint64_t kept = std::min<uint64_t>(room, static_cast<uint64_t>(n));
    text.append(buffer, kept);
    if (kept < static_cast<uint64_t>(n)) truncated = true;
  }
}

void OutputCapture::close_pipe() {
  if (fd_ >= 0) close(fd_);
  fd_ = -1;
}

}  // namespace uirgrade
