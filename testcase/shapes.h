// The structural shapes of week 3 (issue 36): the loop nests, positions and pairs that the sentences
// of spec §4.1, §5 and §8 range over, each with the outcomes (valid, or a rule of §8) that a program
// of that shape can have. A cell is one shape with one outcome: "depth-2 x E-END-UNUSED" is an end
// two loops deep that lists an effect not using its range. The table is one list (shape_table); a
// program's cells are read off what the oracle did with it (where the linearizer placed each
// statement for a valid program; the reported statement and its open ranges for an invalid one),
// never off a test's name or comments. docs/mutants.md ("Structural coverage") describes every row.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "oracle/oracle.h"

namespace uirgrade {

struct ShapeRow {
  std::string id;                     // "depth-2", "pair-siblings", "end-offending-2-of-3"
  std::string what;                   // one line: what a program of this shape has
  std::vector<std::string> outcomes;  // "valid" and the rule ids this shape is reached with
};

/// Every shape, in the table's order, with the outcomes that make its cells.
const std::vector<ShapeRow>& shape_table();

/// "SHAPE x OUTCOME" for every cell of the table, in the table's order.
std::vector<std::string> all_shape_cells();

/// The cells `compiled` hits (only cells of the table).
std::set<std::string> shape_cells_of(const uir::Compiled& compiled);

}  // namespace uirgrade
