// Probes: programs built to sit on one side of one rule's sentence (issue 23). Where flaws.h makes
// one invalid program per rule by a single edit, a probe reaches the rule in a named *way* the
// sentence allows and a test of the rule's edge needs:
//   * invalid, breaking one rule in one named way: a bound reached through each op's interval
//     (a product with a negative operand, max, idiv, mod, where, cast, call, a range's own bound),
//     below or above, through a view of a view that leaves its window but not its buffer;
//     an after whose store writes into another version of the SAME buffer; ...
//   * near-miss valid: the same construction exactly on the edge, so a validator that is too
//     strict refuses it (and a compiler that indexes wrongly computes the wrong buffer);
//   * two rules: one statement (or one program) that breaks two rules, where spec §8's order
//     decides which one is reported.
// Each probe is appended to a valid program (fresh names `%q_...`, a fresh buffer or alloc) and is
// labelled with the rule and line the oracle must report, or with "valid"; the label is checked by
// compiling (probe_confirmed), never assumed.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "generators/chooser.h"
#include "oracle/error.h"

namespace uirgen {

/// One way of reaching a rule. `clause` names the family and the way: "E-BOUNDS/mul-negative/above".
struct ProbeInfo {
  std::string clause;
  int week = 3;                    // the first week whose ops the probe uses
  std::optional<uir::Rule> rule;   // the rule reported; nullopt: a near-miss valid program
  std::optional<uir::Rule> also;   // two-rule probes: the rule that §8's order puts second
  int weight = 1;                  // how often fuzzing draws it within its rule's family
};

/// The catalogue, in a fixed order (indices are stable within a build).
const std::vector<ProbeInfo>& probe_catalog();

struct ProbeProgram {
  std::string text;
  int probe = -1;                 // index into probe_catalog()
  std::optional<uir::Rule> rule;  // nullopt: valid
  int line = 0;                   // the line the oracle must report (invalid probes)
};

/// Appends probe `probe` to `valid_text` (a valid program); nullopt when it does not fit (no free
/// slot, week too early). The label is not checked here.
std::optional<ProbeProgram> apply_probe(const std::string& valid_text, int probe, int week, Chooser& chooser);

/// Whether the oracle agrees with the label: valid and runs (exit 0 or 1) for a near-miss, exactly
/// the rule at the line for an invalid probe.
bool probe_confirmed(const ProbeProgram& probe);

/// A probe drawn for fuzz test `index`: the family (rule) by cycling from a seeded start (a family
/// with many ways comes up once per 8 of them), then the way within it by the catalogue's weights.
int draw_probe(Chooser& chooser, int week, int index, uint64_t start);

}  // namespace uirgen
