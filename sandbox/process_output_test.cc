// OutputCapture on a pipe that the test writes to itself: the first `cap` bytes are kept, the rest
// is read and dropped (so the writer never blocks on a full pipe), `truncated` says whether anything
// was dropped, and end of file closes the pipe.
#include "sandbox/process_output.h"

#include <fcntl.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cerrno>
#include <string>

namespace uirgrade {
namespace {

/// A pipe whose read end is O_NONBLOCK, as OutputCapture requires. The capture takes the read end.
struct TestPipe {
  int read_fd = -1;
  int write_fd = -1;
  TestPipe() {
    int fds[2];
    EXPECT_EQ(pipe(fds), 0);
    read_fd = fds[0];
    write_fd = fds[1];
    EXPECT_EQ(fcntl(read_fd, F_SETFL, O_NONBLOCK), 0);
  }
  ~TestPipe() { close_writer(); }
  void write_all(const std::string& bytes) const {
    ASSERT_EQ(write(write_fd, bytes.data(), bytes.size()), static_cast<ssize_t>(bytes.size()));
  }
  void close_writer() {
    if (write_fd >= 0) close(write_fd);
    write_fd = -1;
  }
};

TEST(OutputCapture, KeepsWhatFitsAndClosesAtEndOfFile) {
  TestPipe pipe;
  OutputCapture capture(pipe.read_fd, 100);
  capture.drain();  // nothing written yet: the pipe stays open
  EXPECT_TRUE(capture.open());
  EXPECT_EQ(capture.text, "");

  pipe.write_all("0: 1 2 3\n");
  capture.drain();
  pipe.write_all("1: 4\n");
  capture.drain();
  EXPECT_EQ(capture.text, "0: 1 2 3\n1: 4\n");
  EXPECT_TRUE(capture.open());  // the writer may still print more

  pipe.close_writer();
  capture.drain();
  EXPECT_FALSE(capture.open());
  EXPECT_EQ(capture.fd(), -1);
  EXPECT_FALSE(capture.truncated);
  EXPECT_EQ(capture.text, "0: 1 2 3\n1: 4\n");
}

TEST(OutputCapture, ExactlyTheCapIsNotTruncatedOneMoreByteIs) {
  TestPipe pipe;
  OutputCapture capture(pipe.read_fd, 10);
  pipe.write_all("0123456789");
  capture.drain();
  EXPECT_EQ(capture.text, "0123456789");
  EXPECT_FALSE(capture.truncated);

  pipe.write_all("X");
  capture.drain();
  EXPECT_EQ(capture.text, "0123456789");
  EXPECT_TRUE(capture.truncated);
}

TEST(OutputCapture, OneWriteAcrossTheCapKeepsItsFirstBytes) {
  TestPipe pipe;
  OutputCapture capture(pipe.read_fd, 4);
  pipe.write_all("abcdefgh");
  pipe.close_writer();
  capture.drain();
  EXPECT_EQ(capture.text, "abcd");
  EXPECT_TRUE(capture.truncated);
  EXPECT_FALSE(capture.open());
}

TEST(OutputCapture, BytesBeyondTheCapAreDrainedSoTheWriterNeverBlocks) {
  TestPipe pipe;
  ASSERT_EQ(fcntl(pipe.write_fd, F_SETFL, O_NONBLOCK), 0);  // a full pipe shows as EAGAIN, not a hang
  constexpr size_t kCap = 1000;
  constexpr size_t kTotal = 4u << 20;  // far more than a pipe holds (64 KiB by default)
  OutputCapture capture(pipe.read_fd, kCap);

  std::string chunk(8192, 'x');
  for (size_t k = 0; k < chunk.size(); ++k) chunk[k] = static_cast<char>('a' + k % 26);
  size_t written = 0;
  while (written < kTotal) {
    ssize_t n = write(pipe.write_fd, chunk.data(), chunk.size());
    if (n < 0) {
      ASSERT_EQ(errno, EAGAIN);
      size_t before = written;
      capture.drain();  // must make room again
      n = write(pipe.write_fd, chunk.data(), chunk.size());
      ASSERT_GT(n, 0) << "the pipe stayed full after a drain, at " << before << " bytes";
    }
    written += static_cast<size_t>(n);
  }
  pipe.close_writer();
  for (int calls = 0; capture.open() && calls < 1000; ++calls) capture.drain();
  EXPECT_FALSE(capture.open());
  ASSERT_EQ(capture.text.size(), kCap);
  EXPECT_EQ(capture.text, chunk.substr(0, kCap));  // the kept bytes are the first ones written
  EXPECT_TRUE(capture.truncated);
}

TEST(OutputCapture, OwnsItsFileDescriptor) {
  TestPipe pipe;
  int fd = pipe.read_fd;
  {
    OutputCapture capture(fd, 10);
    EXPECT_EQ(capture.fd(), fd);
  }
  errno = 0;
  EXPECT_EQ(fcntl(fd, F_GETFD), -1);  // closed by the destructor
  EXPECT_EQ(errno, EBADF);
}

}  // namespace
}  // namespace uirgrade
