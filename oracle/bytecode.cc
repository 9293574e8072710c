// Linear list -> instruction array.
//
// Every operand is resolved once, here, to a register: statement k's value lives in register k,
// and each literal operand gets a register of its own after those, pre-filled. So are the
// statements the validator folded to a constant (`const`, constant expressions, constant calls):
// they cost nothing at run time. Memory is updated in place (spec §5.4), so memory versions need no
// instruction (`after` only orders) and a view is an offset into its buffer or alloc. A statement
// that only renames a value (a view of memory is its offset, a cast that keeps the bits) gets no
// instruction either: its readers read the original register. A range becomes a LoopOpen/LoopClose
// pair whose jumps are patched at the `end` that closes it.
#include "oracle/bytecode.h"

#include <cassert>

#include "oracle/value_ops.h"

namespace uir {
namespace {

class BytecodeCompiler {
 public:
  explicit BytecodeCompiler(const Program& program)
      : program_(program), memory_of_stmt_(program.stmts.size(), -1), register_of_stmt_(program.stmts.size()) {
    out_.registers.assign(program.stmts.size(), 0);
    for (size_t k = 0; k < program.stmts.size(); ++k) {
      register_of_stmt_[k] = static_cast<uint32_t>(k);
      const Stmt& s = program.stmts[k];
      if (s.constant) out_.registers[k] = s.constant->bits;
      if (s.op == Op::Buffer || s.op == Op::Alloc) {
        memory_of_stmt_[k] = static_cast<int32_t>(out_.memories.size());
        out_.memories.push_back({static_cast<int32_t>(k), s.op == Op::Buffer ? s.slot : -1, s.length});
      }
    }
  }

  Bytecode compile(const Linear& linear) {
    for (const Placed& item : linear.items) place(item.stmt);
    assert(open_loops_.empty());
    emit({Code::Halt});
    return std::move(out_);
  }

 private:
  struct OpenLoop {
    int32_t range_stmt;
    size_t open_instr;
  };

  void emit(Instr instr) { out_.code.push_back(instr); }

  uint32_t reg(const Operand& operand) {
    if (operand.kind == Operand::Kind::Ref) return register_of_stmt_[operand.ref];
    out_.registers.push_back(operand.literal.bits);
    return static_cast<uint32_t>(out_.registers.size() - 1);
  }

  DType operand_dtype(const Operand& operand) const {
    return operand.kind == Operand::Kind::Ref ? program_.stmts[operand.ref].dtype : operand.literal.dtype;
  }

  uint32_t memory(const Stmt& s) const { return static_cast<uint32_t>(memory_of_stmt_[s.memory_root]); }

  /// Indexing is `add` then a load or store through the sum, so the pair gets one instruction
  /// (fewer dispatches in every loop body): when the previous instruction is an i32 add into
  /// `offset`, it becomes `fused`, which still writes the sum for any other reader. No jump lands
  /// between the two: jumps land after a LoopOpen or after a LoopClose.
  bool fuse_with_offset_add(uint32_t offset, Code fused, uint32_t memory, uint32_t d) {
    if (out_.code.empty() || out_.code.back().code != Code::AddI32 || out_.code.back().dst != offset) return false;
    Instr& add = out_.code.back();
    add.code = fused;
    add.c = memory;
    add.d = d;
    return true;
  }

  /// Statement `index` has exactly the value of `operand`: later readers use its register.
  void alias(int32_t index, const Operand& operand) { register_of_stmt_[index] = reg(operand); }

  void binary(Code code, uint32_t dst, const Stmt& s) { emit({code, dst, reg(s.operands[0]), reg(s.operands[1])}); }

  /// The conversion instruction of a cast that changes the bits (see place() for the others).
  Code cast_code(DType from, DType to) const {
    switch (to) {
      case DType::F32: return from == DType::I32 ? Code::I32ToF32 : Code::BoolToF32;
      case DType::I32: return Code::F32ToI32;
      case DType::Bool: return from == DType::I32 ? Code::I32ToBool : Code::F32ToBool;
      case DType::Void: break;
    }
    assert(false && "cast to void");
    return Code::Halt;
  }

  void place(int32_t index) {
    const Stmt& s = program_.stmts[index];
    if (s.constant) return;  // pre-filled
    visit_op(s.op, Placer{*this, index, s});
  }

  /// Places one statement: one case per shape of ops.def (an op's codes come from its row,
  /// bytecode.h), and one per op of this stage's own (memory, loops, calls, asserts).
  struct Placer {
    BytecodeCompiler& c;
    int32_t index;
    const Stmt& s;

    uint32_t dst() const { return static_cast<uint32_t>(index); }
    bool f32_operands() const { return c.operand_dtype(s.operands[0]) == DType::F32; }

    void literal() const { c.out_.registers[index] = s.operands[0].literal.bits; }  // always folded
    void arith(Op op, auto) const { c.binary(code_of(op, s.dtype == DType::F32), dst(), s); }
    void int_div(Op op, auto) const { c.binary(first_code(op), dst(), s); }
    void compare(Op op, auto) const { c.binary(code_of(op, f32_operands()), dst(), s); }
    void select() const {
      c.emit({Code::Where, dst(), c.reg(s.operands[0]), c.reg(s.operands[1]), c.reg(s.operands[2])});
    }
    void cast() const {
      // A cast to its own type, and bool -> i32 (bools are 0/1 words), keep the bits.
      DType from = c.operand_dtype(s.operands[0]);
      if (from == s.dtype || (from == DType::Bool && s.dtype == DType::I32)) return c.alias(index, s.operands[0]);
      c.emit({c.cast_code(from, s.dtype), dst(), c.reg(s.operands[0])});
    }
    void f32_unary(Op op, auto) const { c.emit({first_code(op), dst(), c.reg(s.operands[0])}); }

    void own(OwnOp op) const {
      switch (op) {
        case OwnOp::Assert: return c.emit({Code::Assert, dst(), c.reg(s.operands[0]), static_cast<uint32_t>(s.line)});
        case OwnOp::Call: {
          CallSite site{s.operands[0].ref, {}};
          for (size_t k = 1; k < s.operands.size(); ++k) site.arg_registers.push_back(c.reg(s.operands[k]));
          c.out_.calls.push_back(std::move(site));
          return c.emit({Code::Call, dst(), static_cast<uint32_t>(c.out_.calls.size() - 1)});
        }
        case OwnOp::Shrink:
          // A view of memory is its offset: no instruction. A view of a view adds the offsets.
          if (c.program_.stmts[s.operands[0].ref].kind == Kind::Memory) return c.alias(index, s.operands[1]);
          return c.binary(Code::Shrink, dst(), s);
        case OwnOp::Load: {
          uint32_t view = c.reg(s.operands[0]);
          if (c.fuse_with_offset_add(view, Code::AddLoad, c.memory(s), dst())) return;
          return c.emit({Code::Load, dst(), c.memory(s), view});
        }
        case OwnOp::Store: {
          uint32_t view = c.reg(s.operands[0]), value = c.reg(s.operands[1]);
          if (c.fuse_with_offset_add(view, Code::AddStore, c.memory(s), value)) return;
          return c.emit({Code::Store, dst(), c.memory(s), view, value});
        }
        case OwnOp::Range:
          c.open_loops_.push_back({index, c.out_.code.size()});
          return c.emit({Code::LoopOpen, dst(), c.reg(s.operands[0])});
        case OwnOp::End: {
          // The linearizer nests loops like a stack: an end always closes the innermost open loop.
          assert(!c.open_loops_.empty() && s.operands.back().ref == c.open_loops_.back().range_stmt);
          OpenLoop loop = c.open_loops_.back();
          c.open_loops_.pop_back();
          const uint32_t bound = c.out_.code[loop.open_instr].a;
          c.emit({Code::LoopClose, dst(), c.register_of_stmt_[loop.range_stmt], bound,
                  static_cast<uint32_t>(loop.open_instr + 1)});
          c.out_.code[loop.open_instr].b = static_cast<uint32_t>(c.out_.code.size());  // zero trips: skip the loop
          return;
        }
        case OwnOp::Buffer:
        case OwnOp::Alloc:
        case OwnOp::After:  // memory is updated in place: versions only order statements
        case OwnOp::Ret:
        case OwnOp::Param:  // function bodies are never placed
          return;
      }
    }
  };

  const Program& program_;
  std::vector<int32_t> memory_of_stmt_;
  std::vector<uint32_t> register_of_stmt_;  // where each statement's value is read from
  std::vector<OpenLoop> open_loops_;
  Bytecode out_;
};

}  // namespace

Bytecode compile_bytecode(const Program& program, const Linear& linear) {
  return BytecodeCompiler(program).compile(linear);
}

}  // namespace uir
