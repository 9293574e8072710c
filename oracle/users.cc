#include "oracle/users.h"

namespace uir {
namespace {

/// Calls `f(operand)` once per distinct statement that `stmt` names (`mul %i %i` names %i once).
template <typename F>
void for_each_distinct_ref(const Stmt& stmt, F f) {
  for (size_t k = 0; k < stmt.operands.size(); ++k) {
    const Operand& operand = stmt.operands[k];
    if (operand.kind != Operand::Kind::Ref || operand.ref < 0) continue;
    bool repeated = false;
    for (size_t j = 0; j < k && !repeated; ++j)
      repeated = stmt.operands[j].kind == Operand::Kind::Ref && stmt.operands[j].ref == operand.ref;
    if (!repeated) f(operand.ref);
  }
}

}  // namespace

Users::Users(const Program& program, const std::vector<bool>& live) : first_(program.stmts.size() + 1, 0) {
  size_t n = program.stmts.size();
  for (size_t v = 0; v < n; ++v)
    if (live[v]) for_each_distinct_ref(program.stmts[v], [&](int32_t u) { ++first_[u + 1]; });
  for (size_t s = 0; s < n; ++s) first_[s + 1] += first_[s];
  list_.resize(first_[n]);
  std::vector<int32_t> fill(first_.begin(), first_.end() - 1);
  for (size_t v = 0; v < n; ++v)
    if (live[v])
      for_each_distinct_ref(program.stmts[v], [&](int32_t u) { list_[fill[u]++] = static_cast<int32_t>(v); });
}

}  // namespace uir
