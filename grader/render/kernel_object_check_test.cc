// The object check on objects the real compiler makes with the grader's flags: an honest kernel
// passes; the hostile kernels whose trick leaves a mark in the object are found there (the text
// check is not involved: this is what reports "a violation the text check missed").
#include "grader/render/kernel_object_check.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "grader/render/c_compile.h"
#include "uirgrade_paths.h"

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

/// `c` compiled with the grader's flags (`cc FLAGS -c`), the object's bytes; empty if cc failed.
std::string compiled_object(const std::string& c) {
  const fs::path dir = fs::temp_directory_path() / ("uirgrade-object-check-" + std::to_string(getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "kernel.c") << c;
  std::string command = "cd " + dir.string() + " && cc";
  for (const std::string& flag : c_compile_flags()) command += " " + flag;
  command += " -c kernel.c -o kernel.o 2>/dev/null";
  std::string bytes;
  if (std::system(command.c_str()) == 0) {
    std::ifstream in(dir / "kernel.o", std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    bytes = buffer.str();
  }
  fs::remove_all(dir);
  return bytes;
}

std::string hostile_kernel(const std::string& name) {
  std::ifstream in(UIRGRADE_SOURCE_DIR "/grader/testdata/hostile/kernels/" + name + ".c");
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

TEST(KernelObjectCheck, AnHonestKernelUsingTheAllowedLibraryPasses) {
  std::string object = compiled_object(
      "#include <stdint.h>\n#include <math.h>\n#include <string.h>\n#include <stdlib.h>\n"
      "static const float kTable[3] = {1, 2, 3};\n"
      "static float sq(float x) { return x * x; }\n"
      "float helper(float x) { return sinf(x) + cosf(x) + sq(x); }\n"
      "int32_t kernel(float *data0) {\n"
      "  float *tmp = calloc(4, sizeof(float));\n"
      "  if (!tmp) abort();\n"
      "  memset(tmp, 0, 4 * sizeof(float));\n"
      "  for (int i = 0; i < 4; ++i) tmp[i] = helper(data0[i]) + kTable[i % 3] + (float)abs(i) + NAN * 0;\n"
      "  memcpy(data0, tmp, 4 * sizeof(float));\n"
      "  free(tmp);\n"
      "  return 0;\n"
      "}\n");
  ASSERT_FALSE(object.empty());
  auto found = find_impure_object(object, {"printf", "fflush", "strtof"});
  EXPECT_FALSE(found) << *found;
}

TEST(KernelObjectCheck, TricksThatLeaveAMarkInTheObjectAreFoundThere) {
  const std::pair<const char*, const char*> tricks[] = {
      {"section_attribute_injects_assembly", "has a section `.text.loot`"},
      {"constructor_attribute", "has a section `.init_array`"},
      {"system_runs_a_second_program", "calls or uses system"},
      {"builtin_reaches_libc", "calls or uses puts"},
      {"extern_reference_to_environ", "calls or uses environ"},
      {"implicit_declaration_of_syscall", "calls or uses syscall"},
  };
  for (const auto& [name, says] : tricks) {
    SCOPED_TRACE(name);
    std::string object = compiled_object(hostile_kernel(name));
    ASSERT_FALSE(object.empty());
    auto found = find_impure_object(object, {});
    ASSERT_TRUE(found);
    EXPECT_NE(found->find(says), std::string::npos) << *found;
  }
  // A kernel that defines a function the driver calls replaces it for the whole program.
  std::string interposer = compiled_object("int fflush(void *s) { (void)s; return 0; }\nint kernel(void) { return 0; }\n");
  auto found = find_impure_object(interposer, {"fflush", "printf"});
  ASSERT_TRUE(found);
  EXPECT_NE(found->find("defines fflush"), std::string::npos) << *found;
}

TEST(KernelObjectCheck, ABrokenObjectIsAMessageNotACrash) {
  std::string object = compiled_object("int kernel(void) { return 0; }\n");
  ASSERT_FALSE(object.empty());
  for (size_t cut : {size_t{0}, size_t{10}, size_t{64}, object.size() / 2, object.size() - 1}) {
    auto found = find_impure_object(object.substr(0, cut), {});
    ASSERT_TRUE(found) << cut;
    EXPECT_NE(found->find("not an object the grader can read"), std::string::npos) << *found;
  }
}

}  // namespace
}  // namespace uirgrade
