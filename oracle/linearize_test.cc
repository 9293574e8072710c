// The linearizer on the book's chapter 5 programs, written in .uir. Expected placements come from the
// book's tables and traces (§5.4, §5.6, §5.8) and from spec §5.3, not from this implementation.
#include "oracle/linearize.h"

#include <gtest/gtest.h>

#include "oracle/gemm_program.h"
#include "oracle/linearize_testing.h"
#include "oracle/variant_testing.h"

namespace uir {
namespace {

using testing::Loops;
using testing::Trace;

// gemm(2, 3, 4), the accumulator kept in C itself (spec week-3 text: "accumulating straight into the
// output at offset i*N + j"): the reset store depends on i and j, so it runs once per output element.
TEST(Linearize, GemmTargetsFollowTheBooksTable) {
  Trace t(gemm_program(2, 3, 4));
  // %24 LOAD A[i*K + k]: scope {i, k}, target {i, j, k}; k*M (scope {k}) and B[k*M + j] likewise.
  EXPECT_EQ(t.loops("%a"), (Loops{"%i", "%j", "%k"}));
  EXPECT_EQ(t.loops("%km"), (Loops{"%i", "%j", "%k"}));
  EXPECT_EQ(t.loops("%b"), (Loops{"%i", "%j", "%k"}));
  // RANGE k opens with (i, j) open; j with (i); i at the top. (Attempt (a), exact scopes, deadlocks
  // on %ao, whose scope {i, k} is never the open set; attempt (c), ordering loops by any data
  // dependency, would force k outermost because j's work reads k*M.)
  EXPECT_EQ(t.at("%k").step, Step::Open);
  EXPECT_EQ(t.loops("%k"), (Loops{"%i", "%j"}));
  EXPECT_EQ(t.loops("%j"), (Loops{"%i"}));
  EXPECT_EQ(t.loops("%i"), Loops{});
  // i*M and i*K are hoisted out of j (book: %9, %10 emitted with only i open).
  EXPECT_EQ(t.loops("%im"), Loops{"%i"});
  EXPECT_EQ(t.loops("%ik"), Loops{"%i"});
  EXPECT_LT(t.pos("%ik"), t.pos("%j"));
  // The reset store and the after built on it run in (i, j) before k opens, so it resets once per
  // output element and not once per k.
  EXPECT_EQ(t.loops("%reset"), (Loops{"%i", "%j"}));
  EXPECT_LT(t.pos("%reset"), t.pos("%k"));
  EXPECT_EQ(t.loops("%C1"), (Loops{"%i", "%j"}));
  EXPECT_LT(t.pos("%C1"), t.pos("%k"));
  // The update runs inside k, and its load of the accumulator moved in with it.
  EXPECT_EQ(t.loops("%cur"), (Loops{"%i", "%j", "%k"}));
  EXPECT_EQ(t.loops("%upd"), (Loops{"%i", "%j", "%k"}));
  // Exactly three loops, closed innermost first, and the output version last at the top level.
  EXPECT_EQ(t.count(Step::Open), 3);
  EXPECT_EQ(t.count(Step::Close), 3);
  EXPECT_LT(t.pos("%ek"), t.pos("%ej"));
  EXPECT_LT(t.pos("%ej"), t.pos("%ei"));
  EXPECT_EQ(t.loops("%C2"), Loops{});
  EXPECT_EQ(t.pos("%C2") + 1, static_cast<int>(t.compiled().linear.items.size()));
}

// out[i, j] = x[i, j] - reduce_k x[i, k], with the output range j declared before the reduce range k
// (book §5.5 attempt (b), §5.6 sub_rowmax). `%z = mul %i 0` is offset 0 depending on i, so the
// accumulator is reset once per row.
std::string sub_row(std::string_view init, std::string_view combine) {
  return std::string(R"(
%X = buffer 6 dtype=f32 slot=0
%OUT = buffer 6 dtype=f32 slot=1
%acc = alloc 1 dtype=f32
%i = range 2
%j = range 3
%k = range 3
%iM = mul %i 3
%z = mul %i 0
%a = shrink %acc %z shape=[]
%reset = store %a )") + std::string(init) + R"(
%acc1 = after %acc %reset
%a1 = shrink %acc1 %z shape=[]
%cur = load %a1
%xk_o = add %iM %k
%xkv = shrink %X %xk_o shape=[]
%xk = load %xkv
%next = )" + std::string(combine) + R"( %cur %xk
%upd = store %a1 %next
%ek = end %upd %k
%acc2 = after %acc1 %ek
%a2 = shrink %acc2 %z shape=[]
%total = load %a2
%xj_o = add %iM %j
%xjv = shrink %X %xj_o shape=[]
%xj = load %xjv
%neg = mul %total -1.0
%d = add %xj %neg
%ov = shrink %OUT %xj_o shape=[]
%st = store %ov %d
%ej = end %st %j
%ei = end %ej %i
%OUT1 = after %OUT %ei
)";
}

void expect_reduce_loop_first(const Trace& t) {
  // Both loops are siblings inside i; the output loop reads the reduction through END(k).
  EXPECT_EQ(t.loops("%k"), Loops{"%i"});
  EXPECT_EQ(t.loops("%j"), Loops{"%i"});
  EXPECT_LT(t.pos("%ek"), t.pos("%j"));
  // The read-back runs between the loops, once per row.
  EXPECT_EQ(t.loops("%total"), Loops{"%i"});
  EXPECT_LT(t.pos("%ek"), t.pos("%total"));
  EXPECT_LT(t.pos("%total"), t.pos("%j"));
  EXPECT_EQ(t.loops("%upd"), (Loops{"%i", "%k"}));
  EXPECT_EQ(t.loops("%st"), (Loops{"%i", "%j"}));
}

TEST(Linearize, SubRowsumOpensTheReduceLoopFirst) { expect_reduce_loop_first(Trace(sub_row("0.0", "add"))); }

TEST(Linearize, SubRowmaxOpensTheReduceLoopFirst) { expect_reduce_loop_first(Trace(sub_row("-inf", "max"))); }

TEST(Linearize, SubRowsumRunsToTheBooksNumbers) {
  std::vector<SlotData> ones = {{0, DType::F32, std::vector<uint32_t>(6, std::bit_cast<uint32_t>(1.0f))},
                                {1, DType::F32, std::vector<uint32_t>(6, 0)}};
  // Every row sums to 3, so every output is 1 - 3 = -2 (book §5.5).
  RunResult good = run(Trace(sub_row("0.0", "add")).compiled(), ones);
  ASSERT_EQ(good.buffers.size(), 2u);
  for (size_t k = 0; k < 6; ++k) EXPECT_EQ(good.buffers[1].f32(k), -2.0f) << k;
  // The book's attempt (b) nests k inside j, and the accumulator, reset once per row, keeps
  // accumulating across j: the book's [-2, -5, -8].
  testing::SiblingsInRangeLineOrder attempt_b;
  Trace bad(sub_row("0.0", "add"), attempt_b);
  EXPECT_EQ(bad.loops("%k"), (Loops{"%i", "%j"}));
  RunResult wrong = run(bad.compiled(), ones);
  ASSERT_EQ(wrong.buffers.size(), 2u);
  float row[] = {-2.0f, -5.0f, -8.0f};
  for (size_t k = 0; k < 6; ++k) EXPECT_EQ(wrong.buffers[1].f32(k), row[k % 3]) << k;
}

TEST(Linearize, LoopInvariantLoadIsHoisted) {
  // Book §5.1 test_loop_invariant_code_is_hoisted: row = A[i*N] depends only on i.
  Trace t(R"(
%A = buffer 64 dtype=f32 slot=0
%C = buffer 64 dtype=f32 slot=1
%i = range 8
%j = range 8
%i8 = mul %i 8
%rv = shrink %A %i8 shape=[]
%row = load %rv
%o = add %i8 %j
%xv = shrink %A %o shape=[]
%x = load %xv
%s = add %row %x
%cv = shrink %C %o shape=[]
%st = store %cv %s
%ej = end %st %j
%ei = end %ej %i
%C1 = after %C %ei
)");
  EXPECT_LT(t.pos("%row"), t.pos("%j"));
  EXPECT_EQ(t.loops("%row"), Loops{"%i"});
  EXPECT_EQ(t.loops("%x"), (Loops{"%i", "%j"}));
}

TEST(Linearize, PredictKeepsXjInsideI) {
  // Book §5.8: X[i] is hoisted out of j; X[j] is not hoisted out of i (j is nested inside i).
  Trace t(R"(
%X = buffer 32 dtype=f32 slot=0
%O = buffer 32 dtype=f32 slot=1
%i = range 4
%j = range 8
%i8 = mul %i 8
%o = add %i8 %j
%xo = shrink %X %o shape=[]
%a = load %xo
%xjv = shrink %X %j shape=[]
%xj = load %xjv
%xiv = shrink %X %i shape=[]
%xi = load %xiv
%p = mul %a %xj
%r = add %p %xi
%ov = shrink %O %o shape=[]
%st = store %ov %r
%ej = end %st %j
%ei = end %ej %i
%O1 = after %O %ei
)");
  EXPECT_EQ(t.loops("%xi"), Loops{"%i"});
  EXPECT_LT(t.pos("%xi"), t.pos("%j"));
  EXPECT_EQ(t.loops("%xj"), (Loops{"%i", "%j"}));
  EXPECT_EQ(t.loops("%xjv"), (Loops{"%i", "%j"}));
}

TEST(Linearize, Transpose) {
  // Book exercise 1: B[j*N + i] = A[i*M + j] with N = 3, M = 5.
  Trace t(R"(
%A = buffer 15 dtype=f32 slot=0
%B = buffer 15 dtype=f32 slot=1
%i = range 3
%j = range 5
%i5 = mul %i 5
%src = add %i5 %j
%av = shrink %A %src shape=[]
%a = load %av
%j3 = mul %j 3
%dst = add %j3 %i
%bv = shrink %B %dst shape=[]
%st = store %bv %a
%ej = end %st %j
%ei = end %ej %i
%B1 = after %B %ei
)");
  EXPECT_EQ(t.loops("%i5"), Loops{"%i"});
  EXPECT_EQ(t.loops("%j3"), (Loops{"%i", "%j"}));  // scope {j}, target {i, j}
  EXPECT_EQ(t.loops("%a"), (Loops{"%i", "%j"}));
  EXPECT_EQ(t.loops("%st"), (Loops{"%i", "%j"}));
  EXPECT_LT(t.pos("%a"), t.pos("%st"));
  EXPECT_EQ(t.count(Step::Open), 2);
}

TEST(Linearize, ZeroTripLoopIsPlacedLikeAnyOther) {
  Trace t(R"(
%b = buffer 4 dtype=i32 slot=0
%n = const 0
%i = range %n
%v = shrink %b %i shape=[]
%s = store %v 1
%e = end %s %i
%b1 = after %b %e
)");
  EXPECT_LT(t.pos("%n"), t.pos("%i"));
  EXPECT_EQ(t.loops("%s"), Loops{"%i"});
  EXPECT_EQ(t.at("%e").step, Step::Close);
  EXPECT_EQ(t.loops("%b1"), Loops{});
}

TEST(Linearize, DeadStatementsAreNotPlaced) {
  // Spec §5.3: a range that only unused values use needs no end; an unused load is not placed, even
  // one whose ordering edge could not be kept (it reads %b and depends on the store into %b).
  constexpr std::string_view text = R"(
%b = buffer 4 dtype=i32 slot=0
%r = range 4
%u = mul %r 2
%v = shrink %b 0 shape=[]
%s = store %v 7
%b1 = after %b %s
%w = shrink %b1 1 shape=[]
%x = load %w
%c = cmplt %x 1
%off = where %c 0 1
%old = shrink %b %off shape=[]
%unused = load %old
)";
  Trace t(text);
  for (const char* name : {"%r", "%u", "%w", "%x", "%c", "%off", "%old", "%unused"})
    EXPECT_FALSE(t.placed(name)) << name;
  EXPECT_TRUE(t.placed("%s"));
  EXPECT_TRUE(t.placed("%b1"));
  const std::vector<bool>& live = t.compiled().linear.live;
  ASSERT_EQ(live.size(), 12u);
  EXPECT_EQ(live, (std::vector<bool>{true, false, false, true, true, true, false, false, false, false, false,
                                     false}));
  EXPECT_EQ(t.compiled().linear.items.size(), 4u);
}

TEST(Linearize, ReadyStatementsAtOnePlaceComeInFileOrder) {
  Trace t(R"(
%b = buffer 2 dtype=i32 slot=0
%x = const 4
%y = const 3
%s = add %y %x
%v = shrink %b 0 shape=[]
%st = store %v %s
%b1 = after %b %st
)");
  EXPECT_LT(t.pos("%b"), t.pos("%x"));
  EXPECT_LT(t.pos("%x"), t.pos("%y"));
  EXPECT_LT(t.pos("%s"), t.pos("%v"));
}

TEST(Linearize, UnrelatedSiblingLoopsOpenInRangeLineOrder) {
  // The range of the second loop comes first in the file; nothing orders the two loops.
  Trace t(R"(
%a = buffer 4 dtype=i32 slot=0
%b = buffer 4 dtype=i32 slot=1
%first = range 4
%second = range 4
%bv = shrink %b %second shape=[]
%sb = store %bv 2
%eb = end %sb %second
%av = shrink %a %first shape=[]
%sa = store %av 1
%ea = end %sa %first
%a1 = after %a %ea
%b1 = after %b %eb
)");
  EXPECT_LT(t.pos("%ea"), t.pos("%second"));
}

}  // namespace
}  // namespace uir
