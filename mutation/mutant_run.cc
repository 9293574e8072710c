// The mutant interpreter. Values are held wider than the program's types (i32 as int64, f32 as
// double) so that the bugs that keep them wide (i32-no-wrap, f32-in-double) are one switch each;
// without them every result is brought back to its type at once, which is exactly the oracle's
// arithmetic (a float sum, product, quotient or square root rounded from double equals the float
// operation: double has more than twice float's precision). Loops are jumps between a range's item
// and its end's item in the linear list.
#include "mutation/mutant_run.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

#include <fmt/format.h>

#include "oracle/scalar_ops.h"
#include "oracle/value_ops.h"

namespace uirgrade {
namespace {

using uir::Compiled;
using uir::DType;
using uir::Function;
using uir::Kind;
using uir::Linear;
using uir::Op;
using uir::Operand;
using uir::Placed;
using uir::Program;
using uir::RunResult;
using uir::Scalar;
using uir::SlotData;
using uir::Stmt;
using uir::OwnOp;

constexpr uint64_t kStepBudget = 50'000'000;  // far beyond any test; a hang is a crash, not a wait
constexpr uint32_t kAsanMallocFill = 0xbebebebe;  // what ASan leaves in fresh malloc memory

/// A value: i32 and bool in `i`, f32 in `f`.
struct Value {
  int64_t i = 0;
  double f = 0;
};

struct Crash {
  std::string why;
  bool hang = false;  // the step budget ran out
};

class Interpreter {
 public:
  Interpreter(const Compiled& compiled, const Mutants& mutants)
      : program_(compiled.program), linear_(compiled.linear), m_(mutants), values_(program_.stmts.size()) {}

  RunResult run(const std::vector<SlotData>& inputs) {
    RunResult result;
    bind_memory(inputs);
    try {
      execute();
    } catch (const Crash& crash) {
      result.crash = crash.why;
      result.exit_code = crash.hang ? kMutantHangExit : kMutantCrashExit;
      return result;
    }
    result.exit_code = failed_line_ ? 1 : 0;
    result.failed_assert_line = failed_line_;
    for (size_t k = 0; k < slot_order_.size(); ++k) {
      const Stmt& s = program_.stmts[slot_order_[k]];
      result.buffers.push_back({s.slot, s.dtype, storage_[k]});
    }
    return result;
  }

 private:
  bool on(Mutant m) const { return m_.has(m); }

  // --- memory ---------------------------------------------------------------------------------

  void bind_memory(const std::vector<SlotData>& inputs) {
    slot_order_ = program_.buffers_by_slot();
    memory_of_.assign(program_.stmts.size(), -1);
    for (int b : slot_order_) {
      const Stmt& s = program_.stmts[b];
      std::vector<uint32_t> words(static_cast<size_t>(s.length), 0u);
      for (const SlotData& d : inputs)
        if (d.slot == s.slot) std::copy_n(d.words.begin(), std::min(d.words.size(), words.size()), words.begin());
      memory_of_[b] = static_cast<int>(storage_.size());
      storage_.push_back(std::move(words));
    }
    if (on(Mutant::ParamsInFileOrder)) {
      // kernel(...) takes the buffers in file order, the driver passes them in slot order: the k-th
      // buffer of the file gets the k-th slot's memory.
      int k = 0;
      for (size_t s = 0; s < program_.stmts.size(); ++s)
        if (program_.stmts[s].op == Op::Buffer) memory_of_[s] = k++;
    }
    for (size_t s = 0; s < program_.stmts.size(); ++s)
      if (program_.stmts[s].op == Op::Alloc) {
        memory_of_[s] = static_cast<int>(storage_.size());
        storage_.emplace_back(static_cast<size_t>(program_.stmts[s].length), 0u);
      }
  }

  uint32_t& cell(const Stmt& access, int64_t offset) {
    std::vector<uint32_t>& words = storage_[memory_of_[access.memory_root]];
    if (offset < 0 || offset >= static_cast<int64_t>(words.size()))
      throw Crash{fmt::format("line {}: {} out of bounds: element {} of {}", access.line,
                              access.op == Op::Load ? "read" : "write", offset, words.size())};
    return words[static_cast<size_t>(offset)];
  }

  Value from_word(uint32_t w, DType t) const {
    if (t == DType::F32) return {0, std::bit_cast<float>(w)};
    return {static_cast<int32_t>(w), 0};
  }
  uint32_t to_word(Value v, DType t) const {
    if (t == DType::F32) return std::bit_cast<uint32_t>(static_cast<float>(v.f));
    return static_cast<uint32_t>(static_cast<int32_t>(v.i));
  }

  // --- values ---------------------------------------------------------------------------------

  Value literal(const Scalar& s) const {
    if (s.dtype == DType::F32) return {0, s.as_f32()};
    if (s.dtype == DType::Bool) return {s.as_bool() ? 1 : 0, 0};
    return {s.as_i32(), 0};
  }

  /// An f32 result: rounded to f32 at once, unless f32-in-double keeps every f32 value a double.
  double f32(double x) const { return on(Mutant::F32InDouble) ? x : static_cast<double>(static_cast<float>(x)); }

  /// An i32 result of add or mul: wrapped, or with i32-no-wrap a crash (the student's C has signed
  /// overflow, which the grader's sanitizer reports).
  int64_t i32(int64_t x, const Stmt& s) const {
    if (x >= INT32_MIN && x <= INT32_MAX) return x;
    if (on(Mutant::I32NoWrap)) throw Crash{fmt::format("line {}: runtime error: signed integer overflow", s.line)};
    return static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(x)));
  }

  int64_t f32_to_i32(double x) const {
    float f = static_cast<float>(x);
    if (on(Mutant::CastNoSaturate) && (std::isnan(f) || f >= 2147483648.0f || f < -2147483648.0f))
      return INT32_MIN;  // a plain (int32_t) cast on x86: cvttss2si's "integer indefinite"
    return uir::f32_to_i32(f);
  }

  /// The value of `operand` in `block` (the top level, or a function body being evaluated).
  Value operand(const std::vector<Value>& values, const Operand& o) const {
    return o.kind == Operand::Kind::Literal ? literal(o.literal) : values[o.ref];
  }

  /// Value op `s` of `block`, with the operands' values in `values`: one case per shape of ops.def
  /// (oracle/value_ops.h), each op's arithmetic the oracle's own function (oracle/scalar_ops.h) on
  /// the wide values, and the catalogue's bugs where they change it.
  Value evaluate(const std::vector<Stmt>& block, const std::vector<Value>& values, const Stmt& s) const {
    return uir::visit_op(s.op, Evaluator{*this, block, values, s});
  }

  struct Evaluator {
    const Interpreter& in;
    const std::vector<Stmt>& block;
    const std::vector<Value>& values;
    const Stmt& s;

    bool on(Mutant m) const { return in.on(m); }
    Value arg(size_t k) const { return in.operand(values, s.operands[k]); }
    DType dtype_of(size_t k) const {
      const Operand& o = s.operands[k];
      return o.kind == Operand::Kind::Literal ? o.literal.dtype : block[o.ref].dtype;
    }

    Value own(OwnOp op) const {
      switch (op) {
        case OwnOp::Call: return in.call(s, values);
        // Executed by the walk over the linear list (execute()), or never in a function body.
        case OwnOp::Assert: case OwnOp::Ret: case OwnOp::Buffer: case OwnOp::Alloc: case OwnOp::Shrink:
        case OwnOp::Load: case OwnOp::Store: case OwnOp::After: case OwnOp::Range: case OwnOp::End:
        case OwnOp::Param: break;
      }
      return {};
    }
    Value literal() const { return arg(0); }
    Value arith(Op op, auto fn) const {
      if (s.dtype != DType::F32) return {in.i32(fn(arg(0).i, arg(1).i), s), 0};
      if (op == Op::Add && on(Mutant::FusedMultiplyAdd))
        for (size_t k = 0; k < 2; ++k) {
          const Operand& o = s.operands[k];
          if (o.kind != Operand::Kind::Ref || block[o.ref].op != Op::Mul) continue;
          Value x = in.operand(values, block[o.ref].operands[0]), y = in.operand(values, block[o.ref].operands[1]);
          return {0, std::fma(static_cast<float>(x.f), static_cast<float>(y.f), static_cast<float>(arg(1 - k).f))};
        }
      if (op == Op::Max && on(Mutant::MaxFmaxf)) return {0, fmaxf_as_built(arg(0).f, arg(1).f)};
      if (op == Op::Max && on(Mutant::MaxPython)) return {0, arg(1).f > arg(0).f ? arg(1).f : arg(0).f};  // Python's max(a, b)
      return {0, in.f32(fn(arg(0).f, arg(1).f))};
    }
    /// C's fmaxf as a student's kernel gets it from gcc and glibc: a NaN operand is ignored, and
    /// of two equal operands (0 and -0) the first is the result: gcc takes fmax for commutative and
    /// calls it with the operands swapped, and glibc's returns its second then. Spelled out, so that
    /// it does not hang on the order gcc picks for a call to std::fmax here (it swapped them in this
    /// file's earlier form, which week 1's max_f32_signed_zero kills by).
    static double fmaxf_as_built(double a, double b) {
      if (std::isnan(a)) return b;
      if (std::isnan(b)) return a;
      return a >= b ? a : b;
    }
    Value int_div(Op op, auto fn) const {
      int64_t a = arg(0).i, b = arg(1).i;
      if (b == 0) throw Crash{fmt::format("line {}: runtime error: division by zero", s.line)};
      if (on(Mutant::FloorDivision)) {  // Python's // and %: rounded toward minus infinity
        int64_t q = a / b, r = a % b;
        if (r != 0 && ((r < 0) != (b < 0))) --q, r += b;
        return {op == Op::Mod ? r : static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(q))), 0};
      }
      return {fn(static_cast<int32_t>(a), static_cast<int32_t>(b)), 0};
    }
    Value compare(Op op, auto fn) const {
      Value a = arg(0), b = arg(1);
      if (dtype_of(0) != DType::F32) return {fn(a.i, b.i) ? 1 : 0, 0};
      if (on(Mutant::F32CompareBits) && op != Op::Cmplt) {  // the i32 comparison reused for f32 bits
        bool same = std::bit_cast<uint32_t>(static_cast<float>(a.f)) == std::bit_cast<uint32_t>(static_cast<float>(b.f));
        return {(op == Op::Cmpeq ? same : !same) ? 1 : 0, 0};
      }
      return {fn(a.f, b.f) ? 1 : 0, 0};
    }
    Value select() const { return arg(0).i ? arg(1) : arg(2); }
    Value cast() const {
      DType from = dtype_of(0), to = s.dtype;
      Value a = arg(0);
      if (from == to) return a;
      if (to == DType::F32) return {0, from == DType::I32 ? in.f32(static_cast<double>(a.i)) : (a.i ? 1.0 : 0.0)};
      if (to == DType::I32) return {from == DType::F32 ? in.f32_to_i32(a.f) : a.i, 0};
      return {from == DType::F32 ? (a.f != 0.0 ? 1 : 0) : (a.i != 0 ? 1 : 0), 0};
    }
    /// With f32-in-double the function of the op in double precision, else the oracle's in float.
    Value f32_unary(Op, auto fn) const {
      double x = arg(0).f;
      if (on(Mutant::F32InDouble)) return {0, fn(x)};
      return {0, fn(static_cast<float>(x))};
    }
  };

  Value call(const Stmt& site, const std::vector<Value>& caller) const {
    const Function& func = program_.funcs[site.operands[0].ref];
    std::vector<Value> values(func.body.size());
    for (int p = 0; p < func.num_params; ++p) values[p] = operand(caller, site.operands[p + 1]);
    for (size_t k = func.num_params; k < func.body.size(); ++k) {
      const Stmt& s = func.body[k];
      if (s.op == Op::Ret) return operand(values, s.operands[0]);
      values[k] = evaluate(func.body, values, s);
    }
    return {};
  }

  // --- the linear list ------------------------------------------------------------------------

  void execute() {
    const std::vector<Placed>& items = linear_.items;
    std::vector<size_t> item_of(program_.stmts.size(), 0);
    for (size_t k = 0; k < items.size(); ++k) item_of[items[k].stmt] = k;
    std::vector<int64_t> bound(program_.stmts.size(), 0);
    // Constant statements the validator folded may sit outside the list (function-free sizes):
    // start every value from its constant, and let the list recompute what it places.
    for (size_t k = 0; k < program_.stmts.size(); ++k)
      if (program_.stmts[k].constant) values_[k] = literal(*program_.stmts[k].constant);
    uint64_t steps = 0;
    for (size_t pc = 0; pc < items.size(); ++pc) {
      if (++steps > kStepBudget) throw Crash{"the program did not finish within the step budget", true};
      int32_t index = items[pc].stmt;
      const Stmt& s = program_.stmts[index];
      switch (s.op) {
        case Op::Range: {
          bound[index] = operand(values_, s.operands[0]).i;
          values_[index] = {0, 0};
          if (bound[index] <= 0 && !on(Mutant::ZeroTripRunsOnce)) pc = item_of[end_of(index)];
          break;
        }
        case Op::End: {
          int32_t r = s.operands.back().ref;
          int64_t limit = bound[r];
          const Operand& n = program_.stmts[r].operands[0];
          if (on(Mutant::BoundInsideLoop) && n.kind == Operand::Kind::Ref && program_.stmts[n.ref].op == Op::Load) {
            const Stmt& load = program_.stmts[n.ref];
            limit = from_word(cell(load, values_[load.operands[0].ref].i), load.dtype).i;
          }
          if (on(Mutant::RangeInclusive)) ++limit;
          if (++values_[r].i < limit) pc = item_of[r];
          break;
        }
        case Op::Alloc: {
          std::vector<uint32_t>& words = storage_[memory_of_[index]];
          std::fill(words.begin(), words.end(), on(Mutant::AllocNeverZeroed) ? kAsanMallocFill : 0u);
          break;
        }
        case Op::Buffer: case Op::After: case Op::Ret: case Op::Param: break;
        case Op::Shrink: {
          const Operand& parent = s.operands[0];
          int64_t offset = operand(values_, s.operands[1]).i;
          bool of_view = program_.stmts[parent.ref].kind == Kind::View;
          values_[index] = {of_view && !on(Mutant::ViewOffsetsNotAdded) ? values_[parent.ref].i + offset : offset, 0};
          break;
        }
        case Op::Load: values_[index] = from_word(cell(s, values_[s.operands[0].ref].i), s.dtype); break;
        case Op::Store: {
          DType element = program_.stmts[s.memory_root].dtype;
          cell(s, values_[s.operands[0].ref].i) = to_word(operand(values_, s.operands[1]), element);
          break;
        }
        case Op::Assert:
          if (operand(values_, s.operands[0]).i == 0) {
            if (on(Mutant::AssertStopsProgram)) {
              failed_line_ = s.line;
              return;
            }
            if (on(Mutant::LastFailingAssert) || failed_line_ == 0 || s.line < failed_line_) failed_line_ = s.line;
          }
          break;
        default: values_[index] = evaluate(program_.stmts, values_, s); break;
      }
    }
  }

  int32_t end_of(int32_t range) const {
    for (const Placed& item : linear_.items)
      if (program_.stmts[item.stmt].op == Op::End && program_.stmts[item.stmt].operands.back().ref == range)
        return item.stmt;
    return range;
  }

  const Program& program_;
  const Linear& linear_;
  Mutants m_;
  std::vector<Value> values_;
  std::vector<int> slot_order_;
  std::vector<int> memory_of_;  // per buffer/alloc statement: its index in storage_
  std::vector<std::vector<uint32_t>> storage_;  // buffers in slot order, then allocs
  int failed_line_ = 0;
};

}  // namespace

RunResult run_with_mutants(const Compiled& compiled, const std::vector<SlotData>& inputs, const Mutants& mutants) {
  return Interpreter(compiled, mutants).run(inputs);
}

}  // namespace uirgrade
