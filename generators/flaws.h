// Invalid programs: a valid generated program plus exactly one flaw (an edit that breaks one rule)
// from a catalog with at least one entry per rule of spec §8 (E-NEST excepted: spec §5.1 notes that
// no program breaks it alone). Each result is labelled with the rule and line the flaw aims at; the oracle must
// report exactly that, or the caller discards the program and counts the discard.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "generators/chooser.h"
#include "oracle/error.h"

namespace uirgen {

struct FlawInfo {
  std::string name;  // "view-past-end"
  uir::Rule rule;    // the rule it breaks
};
/// The catalog, in a fixed order (indices are stable within a build).
const std::vector<FlawInfo>& flaw_catalog();

struct InvalidProgram {
  std::string text;
  int flaw = -1;  // index into flaw_catalog()
  uir::Rule rule = uir::Rule::Syntax;
  int line = 0;  // the line the oracle must report
};

/// Applies flaw `flaw` to `valid_text` (a valid program); nullopt when the program has
/// nothing it applies to (e.g. no function to redefine). The label is not checked here.
std::optional<InvalidProgram> apply_flaw(const std::string& valid_text, int flaw, Chooser& chooser);

/// Whether the oracle reports exactly the label's rule at the label's line.
bool oracle_agrees(const InvalidProgram& invalid);

}  // namespace uirgen
