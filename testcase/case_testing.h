// Test helpers for tests that grade one small program: the squares of 0..3 into slot 0 (spec §1's
// example) with the oracle's output of it, and a week-3 test case of any program run on zeros.
#pragma once

#include <string>
#include <utility>

#include "testcase/case.h"

namespace uirgrade::test_case_fixture {

inline constexpr const char* kSquares =
    "%b  = buffer 4 dtype=i32 slot=0\n"
    "%i  = range 4\n"
    "%sq = mul %i %i\n"
    "%v  = shrink %b %i shape=[]\n"
    "%s  = store %v %sq\n"
    "%e  = end %s %i\n"
    "%b1 = after %b %e\n";
/// What the oracle prints for kSquares (worked by hand: 0*0 1*1 2*2 3*3).
inline constexpr const char* kSquaresOut = "0: 0 1 4 9\n";

/// The week-3 test `name` ("week3/t") of `source` in `mode`, slot 0 all zeros, worth `points`.
inline TestCase week3_test_on_zeros(std::string name, std::string source, Mode mode = Mode::Run, double points = 1) {
  TestCase test;
  test.name = std::move(name);
  test.suite = "week3";
  test.week = 3;
  test.source = std::move(source);
  test.mode = mode;
  test.points = points;
  test.data[0] = DataSpec{DataSpec::Kind::Zeros, {}, 0, 0, 0};
  return test;
}

}  // namespace uirgrade::test_case_fixture
