// Mutants: the course's classic student bugs as named switches (mutation/catalogue.def,
// docs/mutants.md), each answering some of the oracle's variation points (catalogue_variant.h).
// The oracle knows none of them; `uir-mutant NAME` and `grade mutants` run it with one, as a
// stand-in for a buggy student compiler.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace uirgrade {

enum MutantAffects : unsigned { MUTANT_RUN = 1, MUTANT_RENDER = 2 };

enum class Mutant : uint8_t {
#define UIR_MUTANT(id, name, week, stage, affects, description, source) id,
#include "mutation/catalogue.def"
#undef UIR_MUTANT
};

inline constexpr unsigned kMutantCount = 0
#define UIR_MUTANT(id, name, week, stage, affects, description, source) +1
#include "mutation/catalogue.def"
#undef UIR_MUTANT
    ;
static_assert(kMutantCount <= 64, "Mutants keeps one bit per mutant in a uint64_t");

struct MutantInfo {
  Mutant id;
  std::string_view name;         // "loads-never-move": the CLI's and the kill matrix's name
  int week;                      // the week whose material the bug is about
  std::string_view stage;        // "linearizer", "memory", "values", "checks", "output"
  unsigned affects;              // MutantAffects bits: the commands the bug shows in
  std::string_view description;  // one line: what the student's compiler does
  std::string_view source;       // where the course teaches the right thing
};

/// Every mutant, in catalogue order.
const std::vector<MutantInfo>& mutant_catalogue();
const MutantInfo& mutant_info(Mutant m);
std::optional<Mutant> find_mutant(std::string_view name);

/// A set of mutants switched on (usually none or one), passed down to the stages that have hooks.
class Mutants {
 public:
  Mutants() = default;
  static Mutants of(Mutant m) { return Mutants().with(m); }
  Mutants with(Mutant m) const {
    Mutants out = *this;
    out.bits_ |= bit(m);
    return out;
  }
  bool has(Mutant m) const { return (bits_ & bit(m)) != 0; }
  bool any() const { return bits_ != 0; }
  uint64_t bits() const { return bits_; }
  /// Only the mutants that show in `command` (MUTANT_RUN or MUTANT_RENDER).
  Mutants showing_in(unsigned command) const;
  bool operator==(const Mutants&) const = default;

 private:
  static uint64_t bit(Mutant m) { return uint64_t{1} << static_cast<unsigned>(m); }
  uint64_t bits_ = 0;
};

}  // namespace uirgrade
