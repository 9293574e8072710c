// Test-only: the programs of the runner and renderer tests (oracle/testdata/runner/*.uir, and GEMM
// generated for any size), compiled with a test failure when the oracle refuses them.
#pragma once

#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "oracle/c_toolchain_for_tests.h"
#include "oracle/oracle.h"

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

/// GEMM C[n,m] = A[n,k] @ B[k,m] accumulating into C, as oracle/testdata/runner/gemm_4x3x5.uir
/// (slots 0, 1, 2 = A, B, C).
inline std::string gemm_program(int n, int m, int k) {
  return fmt::format(R"(%A = buffer {nk} dtype=f32 slot=0
%B = buffer {km} dtype=f32 slot=1
%C = buffer {nm} dtype=f32 slot=2
%i = range {n}
%j = range {m}
%k = range {k}
%im = mul %i {m}
%o = add %im %j
%c = shrink %C %o shape=[]
%reset = store %c 0.0
%C1 = after %C %reset
%c1 = shrink %C1 %o shape=[]
%cur = load %c1
%ik = mul %i {k}
%ao = add %ik %k
%av = shrink %A %ao shape=[]
%a = load %av
%km = mul %k {m}
%bo = add %km %j
%bv = shrink %B %bo shape=[]
%b = load %bv
%p = mul %a %b
%sum = add %cur %p
%upd = store %c1 %sum
%ek = end %upd %k
%ej = end %ek %j
%ei = end %ej %i
%C2 = after %C %ei
)",
                     fmt::arg("n", n), fmt::arg("m", m), fmt::arg("k", k), fmt::arg("nk", n * k),
                     fmt::arg("km", k * m), fmt::arg("nm", n * m));
}

}  // namespace uir
