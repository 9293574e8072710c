// The load rule (spec §5.3, the quoted block). Loads are decided last to first: a load's uses all
// come after it in the file, and a use can be another load (through a `shrink` whose offset it is),
// so walking backwards sees every use's final place before the load that it uses. A use through a
// shrink counts where the loads and stores through that view are placed, so a shrink stands for the
// common place of its own users (memoised: those users come later and are already final).
#include "oracle/load_placement.h"

#include <functional>

namespace uir {

Placement place_statements(const Program& program, const LoopTree& tree, const std::vector<bool>& live,
                           const Users& users, const std::vector<int32_t>& target, const OracleVariant::LoadRule& rule) {
  const std::vector<Stmt>& stmts = program.stmts;
  size_t n = stmts.size();
  Placement out;
  out.place = target;

  std::vector<int32_t> store_into(n, -1);  // per memory version: the live store writing into it
  for (size_t k = 0; k < n; ++k)
    if (live[k] && stmts[k].op == Op::Store && stmts[k].version >= 0)
      store_into[stmts[k].version] = static_cast<int32_t>(k);

  constexpr int32_t kUnknown = -2;
  std::vector<int32_t> view_use_place(n, kUnknown);
  // The innermost place holding every live use of `s`, looking through shrinks.
  // (A rule without the pinned load counts only the uses deeper than `s` itself.)
  std::function<int32_t(int32_t)> use_place = [&](int32_t s) {
    int32_t common = kUnknown;
    for (int32_t u : users.of(s)) {
      int32_t p = out.place[u];
      if (stmts[u].op == Op::Shrink) {
        if (view_use_place[u] == kUnknown) view_use_place[u] = use_place(u);
        p = view_use_place[u];
      }
      if (!rule.pinned_by_outer_uses && stmts[s].op == Op::Load && p != kUnknown &&
          tree.level_of(p) <= tree.level_of(out.place[s]))
        continue;
      if (p != kUnknown) common = common == kUnknown ? p : tree.common(common, p);
    }
    return common;
  };

  if (rule.loads_move) {
    for (size_t k = n; k-- > 0;) {
      const Stmt& load = stmts[k];
      if (!live[k] || load.op != Op::Load) continue;
      int32_t loop = use_place(static_cast<int32_t>(k));
      if (loop == kUnknown || tree.level_of(loop) <= tree.level_of(out.place[k])) continue;
      int32_t store = load.version >= 0 ? store_into[load.version] : -1;
      bool stores_there = store >= 0 && tree.contains(loop, out.place[store]);
      if (store >= 0 && !rule.deeper_stores_count) stores_there = out.place[store] == loop;
      if (stores_there || !rule.needs_a_store) out.place[k] = loop;
    }
    // Nothing may run before what it uses: a view (or value) of a moved load moves with it. An end's
    // effects sit inside the loop it closes, so an end keeps its own place.
    for (size_t k = 0; k < n; ++k) {
      if (!live[k] || stmts[k].op == Op::End) continue;
      for (const Operand& operand : stmts[k].operands)
        if (operand.kind == Operand::Kind::Ref && operand.ref >= 0 &&
            tree.level_of(out.place[operand.ref]) > tree.level_of(out.place[k]))
          out.place[k] = out.place[operand.ref];
    }
  }

  for (size_t k = 0; k < n; ++k) {
    if (!live[k] || stmts[k].op != Op::Load || stmts[k].version < 0) continue;
    int32_t store = store_into[stmts[k].version];
    if (store >= 0) out.load_edges.emplace_back(static_cast<int32_t>(k), store);
  }
  return out;
}

}  // namespace uir
