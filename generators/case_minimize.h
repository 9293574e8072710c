// Minimising a failing generated test (issue 6): `grade` hands a fuzz/<n> test that a student fails
// to the generator's minimiser (generators/minimize.cc) and reports the smallest program that still
// fails the same way; `uirgen --kill-mutants` minimises its kept tests while they kill their mutants.
// ("Shrink" is the view op; test-case reduction is "minimise".)
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "generators/fuzz.h"
#include "testcase/case.h"

namespace uirgen {

/// The program of a generated test file: its text without the header lines the generator inserted
/// (test.header_lines), so that it is again exactly what the generator printed.
std::string generated_program_text(const uirgrade::TestCase& test);

/// What `grade` gives each failure it minimises: each attempt runs the student once (a render test
/// also compiles its C), so the budget is in attempts and in seconds. No attempt goes to the shrink
/// tree: at this budget the statement reducer alone ends as small in half the attempts
/// (bench_minimize, docs/decisions/generators.md).
inline constexpr MinimizeLimits kGradeMinimizeLimits{300, 20.0, 0.0};

/// The smallest program on which `still_fails` holds, as a test made like the generator makes them
/// (the oracle's expectations, the same name and mode; the failing test's own data for the buffers
/// left, values from `seed` for any other; the failing test's tolerance and time-out, so that every
/// candidate is judged as it was), or nullopt when nothing smaller still fails. A valid
/// program minimises to valid ones; an invalid one (`exit 2`) to programs the oracle rejects with the
/// same rule.
std::optional<uirgrade::TestCase> minimize_generated_test(const uirgrade::TestCase& failing,
                                                          const std::function<bool(const uirgrade::TestCase&)>& still_fails,
                                                          uint64_t seed, const MinimizeLimits& limits,
                                                          MinimizeStats* stats = nullptr,
                                                          std::string_view minimised_by = "uirgen");

}  // namespace uirgen
