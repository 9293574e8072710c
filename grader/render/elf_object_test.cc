// The in-process ELF reader on an object the C compiler makes (its symbols and sections as nm and
// readelf would name them), and on hostile bytes: cut short, garbage, and thousands of random
// corruptions of a real object, each refused with a reason or read, never a crash (a build with
// -DUIRGRADE_SANITIZE=ON also catches a read out of bounds that does not crash).
#include "grader/render/elf_object.h"

#include <elf.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>

#include <gtest/gtest.h>

#include "grader/shell_testing.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

/// The object `cc -c` makes of `source`, or "" when there is no C compiler.
std::string compiled_object(const std::string& source) {
  fs::path dir = fs::temp_directory_path() / ("uirgrade-elf-" + std::to_string(getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "k.c") << source;
  std::string bytes;
  if (std::system(("cc -c -O0 -o " + (dir / "k.o").string() + " " + (dir / "k.c").string() + " 2>/dev/null").c_str()) == 0)
    bytes = slurp(dir / "k.o");
  fs::remove_all(dir);
  return bytes;
}

const ElfSymbol* find_symbol(const ElfObject& object, const std::string& name) {
  auto it = std::find_if(object.symbols.begin(), object.symbols.end(),
                         [&](const ElfSymbol& symbol) { return symbol.name == name; });
  return it == object.symbols.end() ? nullptr : &*it;
}

constexpr const char* kKernel =
    "#include <string.h>\n"
    "static const float table[4] = {1, 2, 3, 4};\n"
    "static float helper(float x) { return x * table[1]; }\n"
    "void kernel(float* out, const float* in, int n) { memcpy(out, in, n); out[0] = helper(out[0]); }\n";

TEST(ElfObject, ReadsTheSymbolsAndSectionsTheCompilerMade) {
  std::string bytes = compiled_object(kKernel);
  if (bytes.empty()) GTEST_SKIP() << "no C compiler";
  std::string error;
  std::optional<ElfObject> object = read_elf_object(bytes, &error);
  ASSERT_TRUE(object) << error;
  const ElfSymbol* kernel = find_symbol(*object, "kernel");
  ASSERT_NE(kernel, nullptr);
  EXPECT_TRUE(kernel->defined);
  EXPECT_EQ(kernel->binding, STB_GLOBAL);
  EXPECT_EQ(kernel->type, STT_FUNC);
  const ElfSymbol* helper = find_symbol(*object, "helper");
  ASSERT_NE(helper, nullptr);
  EXPECT_EQ(helper->binding, STB_LOCAL);
  const ElfSymbol* memcpy_symbol = find_symbol(*object, "memcpy");
  ASSERT_NE(memcpy_symbol, nullptr) << "a memcpy of a size known only at run time is a call";
  EXPECT_FALSE(memcpy_symbol->defined);
  auto has_section = [&](const std::string& name, uint32_t type) {
    return std::any_of(object->sections.begin(), object->sections.end(),
                       [&](const ElfSection& section) { return section.name == name && section.type == type; });
  };
  EXPECT_TRUE(has_section(".text", SHT_PROGBITS));
  EXPECT_TRUE(has_section(".rodata", SHT_PROGBITS));
  EXPECT_TRUE(has_section(".symtab", SHT_SYMTAB));
}

TEST(ElfObject, RefusesWhatIsNotARelocatableObject) {
  std::string error;
  EXPECT_FALSE(read_elf_object("", &error));
  EXPECT_FALSE(error.empty());
  EXPECT_FALSE(read_elf_object("#!/bin/sh\necho not an object\n", &error));
  std::string bytes = compiled_object(kKernel);
  if (bytes.empty()) GTEST_SKIP() << "no C compiler";
  for (size_t cut : {size_t{4}, size_t{63}, bytes.size() / 2, bytes.size() - 1}) {
    error.clear();
    EXPECT_FALSE(read_elf_object(std::string_view(bytes).substr(0, cut), &error)) << "cut at " << cut;
    EXPECT_FALSE(error.empty()) << "cut at " << cut;
  }
}

// A hostile object (a student controls what the compiler is fed, not the compiler, but the reader
// must not trust any offset): random corruptions either fail with a reason or read as an object.
TEST(ElfObject, RandomCorruptionsAreReadOrRefusedNeverACrash) {
  const std::string bytes = compiled_object(kKernel);
  if (bytes.empty()) GTEST_SKIP() << "no C compiler";
  std::mt19937 random(20261203);
  int refused = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string corrupt = bytes;
    int changes = 1 + static_cast<int>(random() % 8);
    for (int k = 0; k < changes; ++k) {
      // Mostly the headers and tables, where offsets and sizes live.
      size_t at = random() % 2 ? random() % std::min<size_t>(corrupt.size(), 64) : random() % corrupt.size();
      corrupt[at] = static_cast<char>(random());
    }
    std::string error;
    std::optional<ElfObject> object = read_elf_object(corrupt, &error);
    if (!object) {
      ++refused;
      EXPECT_FALSE(error.empty()) << "round " << round;
    }
  }
  EXPECT_GT(refused, 0) << "no corruption was noticed: the checks are not reached";
}

}  // namespace
}  // namespace uirgrade
