// Minimising a failing generated program (issue 6): `grade` hands a fuzz/<n> test that a student
// fails to the generator's minimiser (generators/minimize.cc) and reports the smallest program that
// still fails the same way. ("Shrink" is the view op; test-case reduction is "minimise".)
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "generators/fuzz.h"
#include "testcase/test_case.h"

namespace uirgrade {

/// The program of a generated test file: its text without the header lines the generator inserted
/// (test.header_lines), so that it is again exactly what the generator printed.
std::string generated_program_text(const TestCase& test);

/// The smallest valid program on which `still_fails` holds, as a test made like the generator makes
/// them (explicit data from `seed`, the oracle's expectations, the same name and mode), or nullopt
/// when `failing` is not a valid generated program or nothing smaller still fails.
std::optional<TestCase> minimize_generated_test(const TestCase& failing,
                                              const std::function<bool(const TestCase&)>& still_fails,
                                              uint64_t seed, const uirgen::MinimizeLimits& limits);

}  // namespace uirgrade
