// Edits work on the parsed Program and leave validity to the caller: most candidates of a minimiser
// are rejected anyway, and compile() is the one judge of what a program means, so an edit only has
// to keep every operand pointing backwards at the statement it meant. The printer then spells the
// edited program from its fields (oracle/print.h), never from the old source lines.
#include "generators/minimize_edits.h"

#include <algorithm>

#include "generators/builder.h"
#include "oracle/scalar_ops.h"

namespace uirgen {

using uir::Operand;
using uir::Program;
using uir::Stmt;

namespace {

bool is_ref(const Operand& op) { return op.kind == Operand::Kind::Ref && op.ref >= 0; }

/// Calls `edit` on every operand of a top-level statement that refers to statement `value`;
/// returns whether there was one.
template <typename Edit>
bool edit_uses(Program& program, int value, Edit edit) {
  bool used = false;
  for (Stmt& stmt : program.stmts)
    for (Operand& op : stmt.operands)
      if (op.kind == Operand::Kind::Ref && op.ref == value) {
        edit(op);
        used = true;
      }
  return used;
}

/// The newest version of memory `root` outside every loop: the end of its top-level after chain.
int last_top_level_version(const Program& program, int root, const std::vector<std::vector<int>>& open) {
  int last = root;
  for (size_t k = root + 1; k < program.stmts.size(); ++k)
    if (program.stmts[k].op == uir::Op::After && program.stmts[k].operands[0].ref == last && open[k].empty())
      last = static_cast<int>(k);
  return last;
}

}  // namespace

Program without_cone(const Program& program, int root) {
  std::vector<int> new_index(program.stmts.size(), -1);
  Program out = program;
  out.stmts.clear();
  for (size_t k = 0; k < program.stmts.size(); ++k) {
    bool removed = static_cast<int>(k) == root;
    for (const Operand& op : program.stmts[k].operands)
      if (is_ref(op) && new_index[op.ref] < 0) removed = true;
    if (removed) continue;
    Stmt stmt = program.stmts[k];
    for (Operand& op : stmt.operands)
      if (is_ref(op)) op.ref = new_index[op.ref];
    new_index[k] = static_cast<int>(out.stmts.size());
    out.stmts.push_back(std::move(stmt));
  }
  return out;
}

Operand literal_like(uir::DType dtype) {
  switch (dtype) {
    case uir::DType::F32:
      return ProgramBuilder::literal_f32(1.0f);
    case uir::DType::Bool:
      return ProgramBuilder::literal_bool(true);
    case uir::DType::I32:
    case uir::DType::Void:
      break;
  }
  return ProgramBuilder::literal_i32(0);
}

bool replace_uses_by_literal(Program& program, int value) {
  // A constant expression (a `const`, `add 0 7`) becomes its own value, so that a loop bound or a
  // size keeps it and a computed constant folds; any other value the plainest literal.
  const Stmt& defined = program.stmts[value];
  Operand literal = literal_like(defined.dtype);
  if (defined.constant) {
    const uir::Scalar c = *defined.constant;
    literal = c.dtype == uir::DType::F32    ? ProgramBuilder::literal_f32(c.as_f32())
              : c.dtype == uir::DType::Bool ? ProgramBuilder::literal_bool(c.as_bool())
                                            : ProgramBuilder::literal_i32(c.as_i32());
  }
  return edit_uses(program, value, [&](Operand& op) { op = literal; });
}

Program with_uses_replaced(const Program& program, int stmt, int by) {
  Program out = program;
  edit_uses(out, stmt, [&](Operand& op) {
    op.ref = by;
    op.text = out.stmts[by].name;
  });
  return out;
}

Program flattened_loop(const Program& program, int end) {
  const Stmt& end_stmt = program.stmts[end];
  int effect = end_stmt.operands[0].ref;
  int range = end_stmt.operands.back().ref;
  Program out = with_uses_replaced(program, end, effect);
  for (size_t k = 0; k < out.stmts.size(); ++k) {
    if (static_cast<int>(k) == end) continue;
    for (Operand& op : out.stmts[k].operands)
      if (op.kind == Operand::Kind::Ref && op.ref == range) op = literal_like(uir::DType::I32);
  }
  return without_cone(out, range);  // the range and its end, which nothing else uses now
}

std::optional<Program> forwarded_load(const Program& program, int load) {
  auto stmt_of = [&](const Operand& op, uir::Op want) -> const Stmt* {
    return is_ref(op) && program.stmts[op.ref].op == want ? &program.stmts[op.ref] : nullptr;
  };
  auto same_operand = [](const Operand& a, const Operand& b) {
    if (a.kind != b.kind) return false;
    return a.kind == Operand::Kind::Literal ? a.literal.dtype == b.literal.dtype && a.literal.bits == b.literal.bits
                                            : a.ref == b.ref;
  };
  const Stmt& read = program.stmts[load];
  if (read.op != uir::Op::Load || read.operands.empty()) return std::nullopt;
  const Stmt* view = stmt_of(read.operands[0], uir::Op::Shrink);
  const Stmt* after = view ? stmt_of(view->operands[0], uir::Op::After) : nullptr;
  const Stmt* store = after ? stmt_of(after->operands[1], uir::Op::Store) : nullptr;
  const Stmt* written = store ? stmt_of(store->operands[0], uir::Op::Shrink) : nullptr;
  if (!written || !is_ref(written->operands[0]) || written->operands[0].ref != after->operands[0].ref ||
      !same_operand(written->operands[1], view->operands[1]) || written->shape != view->shape)
    return std::nullopt;
  const Operand value = store->operands[1];
  Program out = program;
  edit_uses(out, load, [&](Operand& op) { op = value; });
  return out;
}

bool function_called(const Program& program, int func) {
  auto calls = [&](const std::vector<Stmt>& block) {
    for (const Stmt& stmt : block)
      for (const Operand& op : stmt.operands)
        if (op.kind == Operand::Kind::Func && op.ref == func) return true;
    return false;
  };
  if (calls(program.stmts)) return true;
  for (const uir::Function& f : program.funcs)
    if (calls(f.body)) return true;
  return false;
}

Program without_function(const Program& program, int func) {
  Program out = program;
  out.funcs.erase(out.funcs.begin() + func);
  auto remap = [&](std::vector<Stmt>& block) {
    for (Stmt& stmt : block)
      for (Operand& op : stmt.operands)
        if (op.kind == Operand::Kind::Func && op.ref > func) --op.ref;
  };
  remap(out.stmts);
  for (uir::Function& f : out.funcs) remap(f.body);
  return out;
}

// Not Stmt::open_ranges: candidates are unvalidated edits, and on an invalid program the validator stops at its error.
std::vector<std::vector<int>> open_range_sets(const Program& program) {
  std::vector<std::vector<int>> open(program.stmts.size());
  for (size_t k = 0; k < program.stmts.size(); ++k) {
    const Stmt& stmt = program.stmts[k];
    std::vector<int>& mine = open[k];
    if (stmt.op == uir::Op::Range) mine.push_back(static_cast<int>(k));
    for (const Operand& op : stmt.operands)
      if (is_ref(op) && op.ref < static_cast<int>(k)) mine.insert(mine.end(), open[op.ref].begin(), open[op.ref].end());
    if (stmt.op == uir::Op::End && !stmt.operands.empty()) std::erase(mine, stmt.operands.back().ref);
    std::sort(mine.begin(), mine.end());
    mine.erase(std::unique(mine.begin(), mine.end()), mine.end());
  }
  return open;
}

Program continue_forked_chains(Program program) {
  const std::vector<std::vector<int>> open = open_range_sets(program);
  for (size_t k = 0; k < program.stmts.size(); ++k) {
    if (program.stmts[k].op != uir::Op::After || !is_ref(program.stmts[k].operands[0])) continue;
    Operand& memory = program.stmts[k].operands[0];
    // Each move goes to a later after, so this ends (at the newest version before k).
    for (bool moved = true; moved;) {
      moved = false;
      for (size_t j = memory.ref + 1; j < k; ++j) {
        const Stmt& other = program.stmts[j];
        if (other.op == uir::Op::After && other.operands[0].ref == memory.ref && open[j] == open[k]) {
          memory.ref = static_cast<int>(j);
          moved = true;
          break;
        }
      }
    }
  }
  return program;
}

std::optional<Program> chained_memories(const Program& program, int first, int second) {
  const int last = last_top_level_version(program, first, open_range_sets(program));
  if (last == first) return std::nullopt;
  Program out = program;
  for (size_t k = 0; k < out.stmts.size(); ++k)
    for (Operand& op : out.stmts[k].operands) {
      if (op.kind != Operand::Kind::Ref) continue;
      const int now = op.ref == first ? second : op.ref == second ? last : op.ref;
      if (now > static_cast<int>(k)) return std::nullopt;
      op.ref = now;
    }
  // The kept root must hold the elements either chain used.
  Operand& size = out.stmts[second].operands[0];
  const Operand& other_size = program.stmts[first].operands[0];
  if (size.kind == Operand::Kind::Literal && other_size.kind == Operand::Kind::Literal &&
      other_size.literal.as_i32() > size.literal.as_i32())
    size = other_size;
  return without_cone(out, first);
}

Program all_i32(const Program& program) {
  auto retype = [](std::vector<Stmt>& block) {
    for (Stmt& stmt : block) {
      if (stmt.dtype_attr == uir::DType::F32) stmt.dtype_attr = uir::DType::I32;
      for (Operand& op : stmt.operands)
        if (op.kind == Operand::Kind::Literal && op.literal.dtype == uir::DType::F32)
          op = ProgramBuilder::literal_i32(uir::f32_to_i32(op.literal.as_f32()));
    }
  };
  Program out = program;
  retype(out.stmts);
  for (uir::Function& f : out.funcs) {
    if (f.ret == uir::DType::F32) f.ret = uir::DType::I32;
    retype(f.body);
  }
  return out;
}

std::vector<int32_t> lower_literals(int32_t value) {
  std::vector<int32_t> out;
  if (value != 0) out.push_back(0);
  if (value > 1) out.push_back(1);
  if (value < -1) out.push_back(-1);
  return out;
}

}  // namespace uirgen
