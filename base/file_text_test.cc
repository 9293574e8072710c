#include "base/file_text.h"

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
  return fs::temp_directory_path() / ("uirgrade-file-text-" + std::to_string(getpid()) + "-" + name);
}

TEST(FileText, ReadsEveryByte) {
  const fs::path path = scratch("every-byte");
  const std::string bytes("a\r\nb\0c\n\xff", 8);
  std::ofstream(path, std::ios::binary) << bytes;
  EXPECT_EQ(read_file_text(path.string()), bytes);
  EXPECT_EQ(read_file_text_or_empty(path.string()), bytes);
  fs::remove(path);
}

TEST(FileText, AMissingFileIsNulloptOrEmpty) {
  const std::string missing = scratch("missing").string();
  EXPECT_EQ(read_file_text(missing), std::nullopt);
  EXPECT_EQ(read_file_text_or_empty(missing), "");
}

TEST(FileText, AnEmptyFileIsEmptyNotMissing) {
  const fs::path path = scratch("empty");
  std::ofstream(path, std::ios::binary).close();
  EXPECT_EQ(read_file_text(path.string()), std::optional<std::string>(""));
  fs::remove(path);
}

}  // namespace
}  // namespace uirgrade
