// Bounded exhaustive enumeration of week 3's small program skeletons (issue 36; the model is
// skeletal program enumeration, Zhang, Sun and Su, PLDI 2017, and SmallCheck/Korat: every skeleton up
// to a bound, not a sample). Each skeleton (generators/shape_skeleton.h) is written out, judged by
// the oracle, and read for the structural cells it hits (testcase/shapes.h); a program is kept when
// it hits a cell the programs kept so far hit fewer than `per_cell` times, and is not a duplicate of
// one kept (the same rule at the same statement, or the same linear list, and the same cells); at
// the end a program whose every cell the others hit more than `per_cell` times is dropped. The order in which the space is walked is drawn
// from the seed, so different seeds keep different programs of the same cells.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "generators/shape_skeleton.h"
#include "oracle/error.h"

namespace uirgen {

struct ShapeProgram {
  std::string text;                // "# uirgen-shapes: ..." then the program
  std::set<std::string> cells;     // testcase/shapes.h cells it hits
  std::optional<uir::Rule> rule;   // invalid: the rule the oracle reports
  int line = 0;                    // ... at this line of `text`
};

struct ShapeEnumeration {
  std::vector<ShapeProgram> kept;
  int skeletons = 0;                // the size of the space
  int walked = 0;                   // skeletons written and judged before stopping
  std::map<std::string, int> hits;  // per cell of the table: kept programs hitting it
};

/// Every skeleton of the bound, in a fixed order: forests of up to 4 loops at most 3 deep; for each
/// loop every set of its ancestors its store uses; every twist at every loop (or pair) it fits;
/// rotations 0..2 of the ends' effects, ends listed by parent or by use; the other layout choices
/// cycle with the index.
std::vector<Skeleton> all_skeletons();

/// Walks all_skeletons() in a seeded order until every cell reached has `per_cell` programs (or the
/// space ends), drops the redundant ones, then keeps at most `max_programs`, the first kept.
ShapeEnumeration enumerate_shape_programs(uint64_t seed, int max_programs, int per_cell = 2);

}  // namespace uirgen
