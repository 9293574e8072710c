// The catalogue table, generated from mutation/catalogue.def.
#include "mutation/catalogue.h"

namespace uirgrade {

const std::vector<MutantInfo>& mutant_catalogue() {
  static const std::vector<MutantInfo> table = {
#define UIR_MUTANT(id, name, week, stage, affects, description, source) \
  {Mutant::id, name, week, stage, affects, description, source},
#include "mutation/catalogue.def"
#undef UIR_MUTANT
  };
  return table;
}

const MutantInfo& mutant_info(Mutant m) { return mutant_catalogue()[static_cast<size_t>(m)]; }

std::optional<Mutant> find_mutant(std::string_view name) {
  for (const MutantInfo& info : mutant_catalogue())
    if (info.name == name) return info.id;
  return std::nullopt;
}

Mutants Mutants::showing_in(unsigned command) const {
  Mutants out;
  for (const MutantInfo& info : mutant_catalogue())
    if (has(info.id) && (info.affects & command)) out = out.with(info.id);
  return out;
}

}  // namespace uirgrade
