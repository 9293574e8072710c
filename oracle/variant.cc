// The defaults of the oracle's variation points: the oracle's own behaviour at each of them.
#include "oracle/variant.h"

#include "oracle/oracle.h"

namespace uir {

const OracleVariant& OracleVariant::reference() {
  static const OracleVariant oracle;
  return oracle;
}

bool OracleVariant::checks_statement(Rule, Op) const { return true; }
bool OracleVariant::checks_program(Rule) const { return true; }
bool OracleVariant::checks_statement_by_statement() const { return true; }
int64_t OracleVariant::bounds_window(int64_t shape) const { return shape; }
bool OracleVariant::checks_end_effect(size_t) const { return true; }
bool OracleVariant::stores_conflict(const Stmt&, const Stmt&) const { return true; }
void OracleVariant::statement_checked(std::vector<Stmt>&, int) const {}

std::optional<Error> OracleVariant::scheduling_refused(const Program&, const LoopTree&, const std::vector<bool>&,
                                                       const std::vector<int32_t>&) const {
  return std::nullopt;
}
OracleVariant::LoadRule OracleVariant::load_rule() const { return {}; }
void OracleVariant::placed(const Program&, const LoopTree&, const std::vector<bool>&, const Users&, Placement*) const {}
std::vector<std::pair<int32_t, int32_t>> OracleVariant::preferred_loop_edges(const Program&,
                                                                             const std::vector<bool>&) const {
  return {};
}
void OracleVariant::reorder_siblings(std::vector<int32_t>*) const {}
bool OracleVariant::nests_pending_siblings() const { return false; }

std::optional<RunResult> OracleVariant::run(const Compiled&, const std::vector<SlotData>&) const { return std::nullopt; }
std::string OracleVariant::format_output(const std::vector<SlotData>& buffers) const { return format_slot_data(buffers); }

std::vector<CHelper> OracleVariant::c_helpers() const { return {}; }
std::optional<std::string> OracleVariant::c_value_type(DType) const { return std::nullopt; }
std::optional<std::string> OracleVariant::c_value_expression(CSpelling&, const std::vector<Stmt>&, const Stmt&) const {
  return std::nullopt;
}
bool OracleVariant::c_view_adds_parent_offset() const { return true; }
std::optional<std::string> OracleVariant::c_range_bound(CSpelling&, const std::vector<Stmt>&, const Stmt&) const {
  return std::nullopt;
}
std::string_view OracleVariant::c_range_comparison() const { return "<"; }
std::optional<std::string> OracleVariant::c_assert(const std::string&, int) const { return std::nullopt; }
void OracleVariant::c_kernel_params(std::vector<int>*) const {}
std::optional<int> OracleVariant::c_alloc_fill() const { return 0; }
bool OracleVariant::c_alloc_zeroed_where_placed() const { return false; }

}  // namespace uir
