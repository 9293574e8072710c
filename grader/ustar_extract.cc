#include "grader/ustar_extract.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <memory>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "grader/feedback/display_text.h"

namespace uirgrade {
namespace {

constexpr size_t kBlock = 512;
using Header = std::array<unsigned char, kBlock>;

/// Closes a descriptor when it goes out of scope.
struct Descriptor {
  int fd = -1;
  explicit Descriptor(int opened) : fd(opened) {}
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

bool read_exactly(int fd, void* into, size_t size) {
  auto* bytes = static_cast<unsigned char*>(into);
  while (size > 0) {
    ssize_t got = ::read(fd, bytes, size);
    if (got <= 0) return false;
    bytes += got;
    size -= static_cast<size_t>(got);
  }
  return true;
}

/// A NUL-terminated (or full) text field of the header.
std::string field(const Header& header, size_t at, size_t width) {
  std::string text(reinterpret_cast<const char*>(header.data()) + at, width);
  return text.substr(0, text.find('\0'));
}

/// An octal number field (spaces and NULs around it allowed); nullopt for anything else, the
/// base-256 form of huge sizes included.
std::optional<uint64_t> octal(const Header& header, size_t at, size_t width) {
  uint64_t value = 0;
  bool digits = false;
  for (size_t k = at; k < at + width; ++k) {
    unsigned char c = header[k];
    if (c == ' ' || c == '\0') {
      if (digits) break;
      continue;
    }
    if (c < '0' || c > '7' || value > (UINT64_MAX >> 3)) return std::nullopt;
    value = value * 8 + (c - '0');
    digits = true;
  }
  return digits ? std::optional<uint64_t>(value) : std::nullopt;
}

bool checksum_matches(const Header& header) {
  std::optional<uint64_t> recorded = octal(header, 148, 8);
  uint64_t sum = 0;
  for (size_t k = 0; k < kBlock; ++k) sum += (k >= 148 && k < 156) ? ' ' : header[k];
  return recorded && *recorded == sum;
}

/// The member's path as components, without "." and empty ones; nullopt when it is absolute or
/// climbs out (`..`).
std::optional<std::vector<std::string>> components_of(const std::string& name) {
  if (name.empty() || name[0] == '/') return std::nullopt;
  std::vector<std::string> parts;
  size_t start = 0;
  while (start <= name.size()) {
    size_t end = name.find('/', start);
    if (end == std::string::npos) end = name.size();
    std::string part = name.substr(start, end - start);
    if (part == "..") return std::nullopt;
    if (!part.empty() && part != ".") parts.push_back(part);
    start = end + 1;
  }
  return parts;
}

/// Opens (making it when missing) the directory `name` inside `parent`, never through a link.
int open_directory(int parent, const std::string& name) {
  if (::mkdirat(parent, name.c_str(), 0755) == 0) {
    int fd = ::openat(parent, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd >= 0) ::fchmod(fd, 0755);  // whatever the umask
    return fd;
  }
  if (errno != EEXIST) return -1;
  return ::openat(parent, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

}  // namespace

std::string unpack_ustar(const std::string& archive, const std::string& destination, const UnpackLimits& limits) {
  Descriptor in(::open(archive.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
  if (in.fd < 0) return fmt::format("cannot open the archive: {}", std::strerror(errno));
  Descriptor root(::open(destination.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (root.fd < 0) return fmt::format("cannot open {}: {}", destination, std::strerror(errno));

  uint64_t bytes = 0, entries = 0;
  std::vector<char> buffer(1 << 16);
  for (;;) {
    Header header{};
    if (!read_exactly(in.fd, header.data(), kBlock)) return "the archive ends without its end blocks";
    if (std::all_of(header.begin(), header.end(), [](unsigned char c) { return c == 0; })) return "";
    if (field(header, 257, 5) != "ustar" || !checksum_matches(header)) return "a member's header is not ustar";
    const std::string prefix = field(header, 345, 155), short_name = field(header, 0, 100);
    const std::string name = prefix.empty() ? short_name : prefix + "/" + short_name;
    const std::string shown = printable_line(name);
    const char type = static_cast<char>(header[156]);
    std::optional<uint64_t> size = octal(header, 124, 12);
    std::optional<uint64_t> mode = octal(header, 100, 8);
    if (!size || !mode) return fmt::format("{}: a size or mode that is not a number", shown);
    if (type != '0' && type != '\0' && type != '5')
      return fmt::format("{}: not a regular file or a directory (a link, device or FIFO is never unpacked)", shown);
    std::optional<std::vector<std::string>> parts = components_of(name);
    if (!parts) return fmt::format("{}: a name that leaves the build's directory", shown);
    if (++entries > limits.entries) return fmt::format("more than {} files and directories", limits.entries);
    bytes += *size;
    if (bytes > limits.bytes) return fmt::format("more than {} MiB of files", limits.bytes >> 20);
    if (parts->empty()) continue;  // "./": the destination itself

    // Every directory on the way, made or opened without following a link.
    std::vector<std::unique_ptr<Descriptor>> path;
    int at = root.fd;
    const size_t directories = type == '5' ? parts->size() : parts->size() - 1;
    for (size_t k = 0; k < directories; ++k) {
      path.push_back(std::make_unique<Descriptor>(open_directory(at, (*parts)[k])));
      at = path.back()->fd;
      if (at < 0) return fmt::format("{}: cannot make its directory: {}", shown, std::strerror(errno));
    }
    if (type == '5') continue;
    const mode_t file_mode = (*mode & 0111) ? 0755 : 0644;  // never setuid, setgid or writable by others
    Descriptor out(::openat(at, parts->back().c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, file_mode));
    if (out.fd < 0) return fmt::format("{}: cannot make it: {}", shown, std::strerror(errno));
    ::fchmod(out.fd, file_mode);
    for (uint64_t left = *size; left > 0;) {
      size_t chunk = static_cast<size_t>(std::min<uint64_t>(left, buffer.size()));
      if (!read_exactly(in.fd, buffer.data(), chunk)) return fmt::format("{}: the archive ends inside it", shown);
      if (::write(out.fd, buffer.data(), chunk) != static_cast<ssize_t>(chunk))
        return fmt::format("{}: cannot write it: {}", shown, std::strerror(errno));
      left -= chunk;
    }
    size_t padding = (kBlock - *size % kBlock) % kBlock;
    if (padding > 0 && !read_exactly(in.fd, buffer.data(), padding)) return fmt::format("{}: the archive ends inside it", shown);
  }
}

}  // namespace uirgrade
