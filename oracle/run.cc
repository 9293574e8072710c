// The runner (spec §5.4): executes the linear list in order with ordinary in-place memory, exactly
// as the rendered C does.
//
// The linear list is first compiled to an instruction array (oracle/bytecode.h); this file is the
// dispatch loop over it. Registers are 32-bit words (i32, f32 and bool bit patterns), memory is one
// word array per buffer or alloc, and every op's arithmetic is the shared per-op function of
// oracle/scalar_ops.h, so the runner and the validator's constant folding cannot disagree. The
// build compiles the oracle with -ffp-contract=off: each f32 op is rounded on its own, never fused.
#include <algorithm>
#include <bit>
#include <cassert>

#include "oracle/bytecode.h"
#include "oracle/oracle.h"
#include "oracle/scalar_ops.h"

namespace uir {
namespace {

inline float as_f32(uint32_t word) { return std::bit_cast<float>(word); }
inline int32_t as_i32(uint32_t word) { return static_cast<int32_t>(word); }
inline uint32_t word(float v) { return std::bit_cast<uint32_t>(v); }
inline uint32_t word(int32_t v) { return static_cast<uint32_t>(v); }
inline uint32_t word(bool v) { return v ? 1u : 0u; }

/// A top-level call that is not a constant expression, evaluated by the shared function evaluator.
uint32_t evaluate_call(const Program& program, const CallSite& site, const std::vector<uint32_t>& regs) {
  const Function& func = program.funcs[site.function];
  std::vector<Scalar> args;
  for (size_t k = 0; k < site.arg_registers.size(); ++k)
    args.push_back({func.body[k].dtype_attr.value_or(DType::I32), regs[site.arg_registers[k]]});
  std::optional<Scalar> result = call_function(program, site.function, args);
  assert(result && "call_function refused a validated call");
  return result ? result->bits : 0;
}

/// Runs `code` to its Halt; returns the smallest line of a failing assert, or 0.
///
/// Dispatch is threaded: every handler ends with its own indirect jump to the next handler (GCC's
/// labels as values), which the branch predictor tells apart far better than one shared `switch`
/// jump. The handler table is made from the lists that make Code (bytecode.h), so it cannot get
/// out of order. It is one long function by necessity: a computed goto jumps only to a label of its
/// own function, so every handler lives here.
int execute(const Program& program, const Bytecode& bytecode, std::vector<uint32_t>& regs,
            const std::vector<uint32_t*>& memory) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"  // labels as values are a GNU extension
#define UIR_VALUE_BYTECODE_LABEL(op, name) &&handle_##name,
#define UIR_BYTECODE_LABEL(name) &&handle_##name,
  static const void* const kHandlers[] = {
#define UIR_OP(Enum, shape, fn, ...) UIR_VALUE_BYTECODES_##shape(UIR_VALUE_BYTECODE_LABEL, Enum)
#include "oracle/ops.def"
#undef UIR_OP
      UIR_OWN_BYTECODES(UIR_BYTECODE_LABEL)};
#undef UIR_BYTECODE_LABEL
#undef UIR_VALUE_BYTECODE_LABEL
#define HANDLER(name) handle_##name:
#define NEXT()    \
  in = next++;    \
  goto* kHandlers[static_cast<uint8_t>(in->code)]

  const Instr* const code = bytecode.code.data();
  uint32_t* const r = regs.data();
  uint32_t* const* const mem = memory.data();
  uint32_t failed_line = 0;
  const Instr* next = code;
  const Instr* in;
  NEXT();

  // The value ops' handlers, one kind per shape of ops.def, each calling its op's function (the
  // codes of bytecode.h; Literal has none: a const is always folded).
#define I32(k) as_i32(r[in->k])
#define F32(k) as_f32(r[in->k])
#define UIR_HANDLERS_Own(Enum, fn)
#define UIR_HANDLERS_Literal(Enum, fn)
#define UIR_HANDLERS_Arith(Enum, fn)                                         \
  HANDLER(Enum##I32) r[in->dst] = word(value_fn::fn(I32(a), I32(b))); NEXT(); \
  HANDLER(Enum##F32) r[in->dst] = word(value_fn::fn(F32(a), F32(b))); NEXT();
#define UIR_HANDLERS_IntDiv(Enum, fn) HANDLER(Enum) r[in->dst] = word(value_fn::fn(I32(a), I32(b))); NEXT();
#define UIR_HANDLERS_Compare(Enum, fn)                                       \
  HANDLER(Enum##I32) r[in->dst] = word(value_fn::fn(I32(a), I32(b))); NEXT(); \
  HANDLER(Enum##F32) r[in->dst] = word(value_fn::fn(F32(a), F32(b))); NEXT();
#define UIR_HANDLERS_Select(Enum, fn) HANDLER(Enum) r[in->dst] = r[in->a] ? r[in->b] : r[in->c]; NEXT();
#define UIR_HANDLERS_Cast(Enum, fn)                                          \
  HANDLER(I32ToF32) r[in->dst] = word(i32_to_f32(I32(a))); NEXT();           \
  HANDLER(F32ToI32) r[in->dst] = word(f32_to_i32(F32(a))); NEXT();           \
  HANDLER(BoolToF32) r[in->dst] = word(r[in->a] ? 1.0f : 0.0f); NEXT();      \
  HANDLER(I32ToBool) r[in->dst] = word(r[in->a] != 0); NEXT();               \
  HANDLER(F32ToBool) r[in->dst] = word(f32_to_bool(F32(a))); NEXT();
#define UIR_HANDLERS_F32Unary(Enum, fn) HANDLER(Enum) r[in->dst] = word(value_fn::fn(F32(a))); NEXT();
#define UIR_OP(Enum, shape, fn, ...) UIR_HANDLERS_##shape(Enum, fn)
#include "oracle/ops.def"
#undef UIR_OP
#undef I32
#undef F32

  // This stage's own codes.
  HANDLER(Call) r[in->dst] = evaluate_call(program, bytecode.calls[in->a], regs); NEXT();
  // Offsets stay below 2^24 (bounds are proven, spec §4.2): no wrap-around to care about.
  HANDLER(Shrink) r[in->dst] = r[in->a] + r[in->b]; NEXT();
  HANDLER(Load) r[in->dst] = mem[in->a][r[in->b]]; NEXT();
  HANDLER(Store) mem[in->a][r[in->b]] = r[in->c]; NEXT();
  HANDLER(AddLoad)
    r[in->dst] = word(value_fn::add(as_i32(r[in->a]), as_i32(r[in->b])));
    r[in->d] = mem[in->c][r[in->dst]];
    NEXT();
  HANDLER(AddStore)
    r[in->dst] = word(value_fn::add(as_i32(r[in->a]), as_i32(r[in->b])));
    mem[in->c][r[in->dst]] = r[in->d];
    NEXT();
  HANDLER(Assert)
    if (!r[in->a] && (failed_line == 0 || in->b < failed_line)) failed_line = in->b;
    NEXT();
  HANDLER(LoopOpen)
    r[in->dst] = 0;
    if (as_i32(r[in->a]) <= 0) next = code + in->b;  // a bound <= 0 runs zero times
    NEXT();
  HANDLER(LoopClose)
    // The counter is below the bound (<= INT32_MAX), so the increment cannot overflow.
    if (as_i32(++r[in->a]) < as_i32(r[in->b])) next = code + in->c;
    NEXT();
  HANDLER(Halt) return static_cast<int>(failed_line);
#undef NEXT
#undef HANDLER
#pragma GCC diagnostic pop
}

}  // namespace

RunResult run(const Compiled& compiled, const std::vector<SlotData>& inputs) {
  if (std::optional<RunResult> varied = compiled.variant->run(compiled, inputs)) return std::move(*varied);
  const Program& program = compiled.program;
  Bytecode bytecode = compile_bytecode(program, compiled.linear);

  // Buffers start as their inputs; allocs start at zero (spec §4).
  std::vector<std::vector<uint32_t>> storage;
  std::vector<uint32_t*> memory;
  storage.reserve(bytecode.memories.size());
  for (const MemoryInfo& info : bytecode.memories) {
    storage.emplace_back(static_cast<size_t>(info.length), 0u);
    if (info.slot < 0) continue;
    auto input = std::find_if(inputs.begin(), inputs.end(), [&](const SlotData& d) { return d.slot == info.slot; });
    assert(input != inputs.end() && input->words.size() == storage.back().size());
    if (input != inputs.end()) std::copy_n(input->words.begin(), std::min(input->words.size(), storage.back().size()),
                                           storage.back().begin());
  }
  for (auto& words : storage) memory.push_back(words.data());

  RunResult result;
  result.failed_assert_line = execute(program, bytecode, bytecode.registers, memory);
  result.exit_code = result.failed_assert_line ? 1 : 0;

  for (int index : program.buffers_by_slot()) {
    const Stmt& s = program.stmts[index];
    for (size_t m = 0; m < bytecode.memories.size(); ++m)
      if (bytecode.memories[m].stmt == index) result.buffers.push_back({s.slot, s.dtype, std::move(storage[m])});
  }
  return result;
}

}  // namespace uir
