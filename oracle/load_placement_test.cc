// The load rule of spec §5.3 (the quoted block), on the week-3 spec's accumulator and its pitfalls.
#include "oracle/load_placement.h"

#include <gtest/gtest.h>

#include "oracle/linearize_testing.h"
#include "oracle/variant_testing.h"

namespace uir {
namespace {

using testing::Loops;
using testing::Trace;

// The week-3 spec's accumulator: %cur depends on no range, but its only use is inside k, and k stores
// into the version %cur reads. `extra` is appended (a second use, for the pinned load).
std::string accumulator(std::string_view extra = "") {
  return std::string(R"(
%X = buffer 4 dtype=f32 slot=0
%O = buffer 1 dtype=f32 slot=1
%acc = alloc 1 dtype=f32
%k = range 4
%a = shrink %acc 0 shape=[]
%cur = load %a
%xv = shrink %X %k shape=[]
%x = load %xv
%sum = add %cur %x
%s = store %a %sum
%e = end %s %k
%acc1 = after %acc %e
%r = shrink %acc1 0 shape=[]
%total = load %r
%ov = shrink %O 0 shape=[]
%so = store %ov %total
%O1 = after %O %so
)") + std::string(extra);
}

TEST(LoadPlacement, AccumulatorLoadMovesIntoTheLoop) {
  Trace t(accumulator());
  EXPECT_EQ(t.loops("%cur"), Loops{"%k"});
  EXPECT_LT(t.pos("%k"), t.pos("%cur"));
  EXPECT_LT(t.pos("%cur"), t.pos("%s"));
  // The view itself depends on no range and is computed once, before the loop.
  EXPECT_EQ(t.loops("%a"), Loops{});
  // The alloc is declared at the top of the program, not in its users' loops.
  EXPECT_EQ(t.loops("%acc"), Loops{});
  EXPECT_LT(t.pos("%acc"), t.pos("%k"));
}

TEST(LoadPlacement, AccumulatorSums) {
  std::vector<SlotData> in = {{0, DType::F32, {}}, {1, DType::F32, {0}}};
  for (float v : {1.0f, 2.0f, 3.0f, 4.0f}) in[0].words.push_back(std::bit_cast<uint32_t>(v));
  RunResult result = run(Trace(accumulator()).compiled(), in);
  ASSERT_EQ(result.buffers.size(), 2u);
  EXPECT_EQ(result.buffers[1].f32(0), 10.0f);
}

TEST(LoadPlacement, PinnedLoadStaysOutsideTheLoop) {
  // A second use outside the loop: the innermost loop holding every use is the top level, so the load
  // runs once before the loop, and every iteration sees 0.0 (spec §5.3 "pinned load").
  std::string text = accumulator("%dbg = add %cur 1.0\n%ok = cmpeq %dbg 1.0\nassert %ok\n");
  Trace t(text);
  EXPECT_EQ(t.loops("%cur"), Loops{});
  EXPECT_LT(t.pos("%cur"), t.pos("%k"));
  std::vector<SlotData> in = {{0, DType::F32, {}}, {1, DType::F32, {0}}};
  for (float v : {1.0f, 2.0f, 3.0f, 4.0f}) in[0].words.push_back(std::bit_cast<uint32_t>(v));
  RunResult result = run(t.compiled(), in);
  ASSERT_EQ(result.buffers.size(), 2u);
  EXPECT_EQ(result.buffers[1].f32(0), 4.0f);  // only the last iteration's 0.0 + x[3] survives
}

TEST(LoadPlacement, ALoadRuleWhoseLoadsNeverMoveLeavesTheAccumulatorLoadOutside) {
  testing::LoadsStay loads_stay;
  Trace t(accumulator(), loads_stay);
  EXPECT_EQ(t.loops("%cur"), Loops{});
}

TEST(LoadPlacement, LoadStaysWhenTheLoopDoesNotStoreIntoItsVersion) {
  // %w's only use is inside k, but k stores into %X, not into the version %w reads: it stays hoisted.
  Trace u(R"(
%X = buffer 4 dtype=f32 slot=0
%W = buffer 1 dtype=f32 slot=1
%wv = shrink %W 0 shape=[]
%w = load %wv
%k = range 4
%kx = cast %k dtype=f32
%y = mul %w %kx
%xv = shrink %X %k shape=[]
%s = store %xv %y
%e = end %s %k
%X1 = after %X %e
)");
  EXPECT_EQ(u.loops("%w"), Loops{});
  EXPECT_LT(u.pos("%w"), u.pos("%k"));
}

}  // namespace
}  // namespace uir
