// Test-only: the programs of the runner and renderer tests (oracle/testdata/runner/*.uir, and GEMM
// generated for any size), compiled with a test failure when the oracle refuses them.
#pragma once

#include <string>

#include <gtest/gtest.h>

#include "oracle/c_toolchain_testing.h"
#include "oracle/gemm_program.h"
#include "oracle/oracle.h"
#include "uirgrade_paths.h"

namespace uir {

inline Compiled compile_valid(const std::string& path, const std::string& text) {
  Compiled compiled = compile(path, text);
  if (compiled.error) ADD_FAILURE() << path << " should be valid:\n" << format_error(compiled.program, *compiled.error);
  return compiled;
}

inline std::string runner_testdata(const std::string& name) {
  return testing::read_text_file(std::string(UIRGRADE_SOURCE_DIR) + "/oracle/testdata/runner/" + name);
}

inline Compiled compile_valid_file(const std::string& name) { return compile_valid(name, runner_testdata(name)); }

}  // namespace uir
