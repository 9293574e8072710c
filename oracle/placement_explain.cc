// The placement of what feeds a buffer, read back from the oracle's linear list (Linear::items),
// so it is exactly the placement `run` and `render_c` use.
#include "oracle/placement_explain.h"

#include <algorithm>

#include <fmt/format.h>

namespace uir {
namespace {

/// Per top-level statement: the innermost loop it runs in (-1: none) and that loop's depth.
struct Loops {
  std::vector<int32_t> loop;
  std::vector<int> depth;
  std::vector<int> order;  // position in the linear list (-1: not placed)
};

Loops loops_of(const Compiled& compiled) {
  const size_t n = compiled.program.stmts.size();
  Loops loops{std::vector<int32_t>(n, -1), std::vector<int>(n, 0), std::vector<int>(n, -1)};
  std::vector<int32_t> open;
  int position = 0;
  for (const Placed& item : compiled.linear.items) {
    if (item.step == Step::Close && !open.empty()) open.pop_back();
    loops.loop[item.stmt] = open.empty() ? -1 : open.back();
    loops.depth[item.stmt] = static_cast<int>(open.size());
    loops.order[item.stmt] = position++;
    if (item.step == Step::Open) open.push_back(item.stmt);
  }
  return loops;
}

std::string source_of(const Program& program, const Stmt& stmt) {
  std::string text(program.lines[stmt.line - 1]);
  text = text.substr(0, text.find('#'));
  size_t first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

std::string loop_name(const Program& program, int32_t loop) {
  if (loop < 0) return "outside every loop";
  return fmt::format("loop {} (line {})", program.stmts[loop].name, program.stmts[loop].line);
}

}  // namespace

std::vector<FedPlacement> placements_feeding_slot(const Compiled& compiled, int slot) {
  const Program& program = compiled.program;
  if (compiled.error) return {};
  const size_t n = program.stmts.size();
  int32_t buffer = -1;
  for (size_t k = 0; k < n; ++k)
    if (program.stmts[k].op == Op::Buffer && program.stmts[k].slot == slot && !program.stmts[k].redefines)
      buffer = static_cast<int32_t>(k);
  if (buffer < 0) return {};
  const Loops loops = loops_of(compiled);
  auto placed = [&](int32_t k) { return k >= 0 && static_cast<size_t>(k) < n && loops.order[k] >= 0; };

  // Everything the stores into the buffer depend on, through operands.
  // (A work list, not recursion: a long dependency chain in a large program would overflow the stack.)
  std::vector<bool> fed(n, false);
  std::vector<int32_t> pending;
  for (size_t k = 0; k < n; ++k)
    if (program.stmts[k].op == Op::Store && program.stmts[k].memory_root == buffer) pending.push_back(static_cast<int32_t>(k));
  while (!pending.empty()) {
    int32_t k = pending.back();
    pending.pop_back();
    if (!placed(k) || fed[k]) continue;
    fed[k] = true;
    for (const Operand& operand : program.stmts[k].operands)
      if (operand.kind == Operand::Kind::Ref) pending.push_back(operand.ref);
  }

  // The live users of each load (for loads kept outside the loop their uses run in).
  std::vector<std::vector<int32_t>> users(n);
  for (size_t k = 0; k < n; ++k)
    if (placed(static_cast<int32_t>(k)))
      for (const Operand& operand : program.stmts[k].operands)
        if (operand.kind == Operand::Kind::Ref && placed(operand.ref)) users[operand.ref].push_back(static_cast<int32_t>(k));

  std::vector<FedPlacement> out;
  for (size_t k = 0; k < n; ++k) {
    const Stmt& stmt = program.stmts[k];
    if (!fed[k] || (stmt.op != Op::Load && stmt.op != Op::Store)) continue;
    FedPlacement p;
    p.stmt = static_cast<int32_t>(k);
    p.loop = loops.loop[k];
    if (stmt.op == Op::Load) {
      int32_t operand_loop = -1;
      int operand_depth = 0;
      for (const Operand& operand : stmt.operands)
        if (operand.kind == Operand::Kind::Ref && placed(operand.ref) && loops.depth[operand.ref] > operand_depth) {
          operand_depth = loops.depth[operand.ref];
          operand_loop = loops.loop[operand.ref];
        }
      int32_t use_loop = -1;
      int use_depth = loops.depth[k];
      for (int32_t user : users[k])
        if (loops.depth[user] > use_depth) {
          use_depth = loops.depth[user];
          use_loop = loops.loop[user];
        }
      if (loops.depth[k] > operand_depth) {
        p.why = FedPlacement::Why::MovedIn;
        p.other_loop = operand_loop;
        for (size_t s = 0; s < n; ++s)
          if (program.stmts[s].op == Op::Store && program.stmts[s].memory_root == stmt.memory_root &&
              placed(static_cast<int32_t>(s)) && loops.depth[s] >= loops.depth[k] &&
              loops.order[s] > loops.order[k]) {
            p.store = static_cast<int32_t>(s);
            break;
          }
      } else if (use_loop >= 0) {
        p.why = FedPlacement::Why::KeptOut;
        p.other_loop = use_loop;
      }
    }
    out.push_back(p);
  }
  std::sort(out.begin(), out.end(),
            [&](const FedPlacement& a, const FedPlacement& b) { return loops.order[a.stmt] < loops.order[b.stmt]; });
  return out;
}

std::string explain_placements(const Compiled& compiled, int slot, size_t max_lines) {
  const Program& program = compiled.program;
  bool has_loop = std::any_of(program.stmts.begin(), program.stmts.end(), [](const Stmt& s) { return s.op == Op::Range; });
  if (!has_loop) return "";
  std::vector<FedPlacement> placements = placements_feeding_slot(compiled, slot);
  // Loads first (they are what the load rule moves), then stores, each in the order they run.
  std::stable_partition(placements.begin(), placements.end(),
                        [&](const FedPlacement& p) { return program.stmts[p.stmt].op == Op::Load; });
  size_t width = 0;
  for (const FedPlacement& p : placements) width = std::max(width, source_of(program, program.stmts[p.stmt]).size());
  std::string text;
  size_t shown = 0;
  for (const FedPlacement& p : placements) {
    if (shown++ == max_lines) {
      text += fmt::format("  ... and {} more (uir-oracle lin prints them all)\n", placements.size() - max_lines);
      break;
    }
    const Stmt& stmt = program.stmts[p.stmt];
    std::string why;
    switch (p.why) {
      case FedPlacement::Why::MovedIn:
        why = fmt::format(": moved in by the load rule, as the loop stores into what it reads{}",
                          p.store < 0 ? "" : fmt::format(" (line {})", program.stmts[p.store].line));
        break;
      case FedPlacement::Why::KeptOut:
        why = fmt::format(": kept out of {}, where it is used: nothing there stores into what it reads",
                          loop_name(program, p.other_loop));
        break;
      case FedPlacement::Why::WithItsOperands: break;
    }
    text += fmt::format("  line {:>3}  {:<{}}  runs {}{}\n", stmt.line, source_of(program, stmt), width,
                        p.loop < 0 ? "outside every loop" : "in " + loop_name(program, p.loop), why);
  }
  return text;
}

}  // namespace uir
