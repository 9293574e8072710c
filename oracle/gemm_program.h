// GEMM as .uir text for any size (the course book §5.3), shared by the runner's tests and the
// interpreter-vs-C benchmark. It accumulates straight into C, as oracle/testdata/runner/gemm_4x3x5.uir.
#pragma once

#include <string>

#include <fmt/format.h>

namespace uir {

/// GEMM C[n,m] = A[n,k] @ B[k,m] accumulating into C (slots 0, 1, 2 = A, B, C).
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
