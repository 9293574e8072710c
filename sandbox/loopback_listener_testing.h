// Test helper: a TCP listener on 127.0.0.1 that stands for "the network" (a service of the host or
// container, the internet) in the tests that show a student process cannot reach it.
#pragma once

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>

namespace uirgrade {

class LoopbackListener {
 public:
  /// Listens on a free port of 127.0.0.1 (port() is 0 when that failed); accept never blocks.
  LoopbackListener() {
    fd_ = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof address;
    if (fd_ >= 0 && bind(fd_, reinterpret_cast<sockaddr*>(&address), size) == 0 && listen(fd_, 16) == 0 &&
        getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &size) == 0)
      port_ = ntohs(address.sin_port);
  }
  LoopbackListener(const LoopbackListener&) = delete;
  LoopbackListener& operator=(const LoopbackListener&) = delete;
  ~LoopbackListener() {
    if (fd_ >= 0) close(fd_);
  }
  uint16_t port() const { return port_; }
  /// How many connections came in since the last call (each one accepted and closed).
  int connections() {
    int count = 0;
    for (int fd; (fd = accept(fd_, nullptr, nullptr)) >= 0; ++count) close(fd);
    return count;
  }

 private:
  int fd_ = -1;
  uint16_t port_ = 0;
};

}  // namespace uirgrade
