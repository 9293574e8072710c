// The C renderer (spec §6.2): the linear list printed as C11, one statement per line.
//
// The linear list already made every structural decision (which loop each statement is in, the
// loop order), so rendering is a walk over it with a depth counter: a range opens a `for`, its
// `end` closes the brace, every value is declared where it is placed (hoisting shows in the text),
// memory versions print nothing (memory is updated in place). Each op is one C expression over
// atoms (variables and literals). Where plain C would have undefined behaviour the spec defines
// (i32 wrap-around, INT32_MIN idiv -1, f32 -> i32 out of range or NaN), the expression calls a small
// static helper; only the helpers the program uses are printed.
//
// Names: buffers are `data<slot>` (the contract), allocs `alloc<index>_<name>`, ranges
// `r<index>_<name>`, values `v<index>_<name>`, parameters `p<index>_<name>`, functions
// `f<index>_<name>`; the index makes them unique, the .uir name keeps them readable.
#include <algorithm>
#include <cmath>
#include <optional>
#include <set>
#include <string>

#include <fmt/format.h>

#include "oracle/oracle.h"

namespace uir {
namespace {

/// A C helper for an operation that would be undefined behaviour in plain C.
struct Helper {
  const char* name;
  const char* definition;
};

constexpr Helper kAddI32 = {"uir_add_i32",
    "// i32 add and mul wrap around (spec section 2): computed in uint32_t, where C defines overflow.\n"
    "static inline int32_t uir_add_i32(int32_t a, int32_t b) { return (int32_t)((uint32_t)a + (uint32_t)b); }\n"};
constexpr Helper kMulI32 = {"uir_mul_i32",
    "static inline int32_t uir_mul_i32(int32_t a, int32_t b) { return (int32_t)((uint32_t)a * (uint32_t)b); }\n"};
constexpr Helper kIdiv = {"uir_idiv",
    "// INT32_MIN / -1 overflows in C; spec section 3 defines it as INT32_MIN (a / -1 is -a, wrapped).\n"
    "static inline int32_t uir_idiv(int32_t a, int32_t b) {\n"
    "  return b == -1 ? (int32_t)(0u - (uint32_t)a) : a / b;\n"
    "}\n"};
constexpr Helper kMod = {"uir_mod",
    "// INT32_MIN % -1 overflows in C; spec section 3 defines it as 0 (so is every a % -1).\n"
    "static inline int32_t uir_mod(int32_t a, int32_t b) { return b == -1 ? 0 : a % b; }\n"};
constexpr Helper kF32ToI32 = {"uir_f32_to_i32",
    "// f32 -> i32 truncates toward zero, saturates at the i32 limits and maps NaN to 0 (spec section 3).\n"
    "static inline int32_t uir_f32_to_i32(float x) {\n"
    "  if (x != x) return 0;\n"
    "  if (x >= 2147483648.0f) return INT32_MAX;\n"
    "  if (x <= -2147483648.0f) return INT32_MIN;\n"
    "  return (int32_t)x;\n"
    "}\n"};

/// Every helper, in the order they are printed.
constexpr const Helper* kHelpers[] = {&kAddI32, &kMulI32, &kIdiv, &kMod, &kF32ToI32};

std::string c_type(DType t) {
  switch (t) {
    case DType::I32: return "int32_t";
    case DType::F32: return "float";
    case DType::Bool: return "bool";
    case DType::Void: return "void";
  }
  return "void";
}

std::string c_identifier(std::string_view uir_name) {
  std::string out;
  for (char c : uir_name.substr(1)) out += c == '.' ? '_' : c;  // drop the sigil; '.' is not C
  return out;
}

/// An f32 as a C constant that reads back as exactly this float: the shortest decimal that
/// round-trips (fmt's default), made a float literal; infinities and NaN through <math.h>.
std::string c_float(float f) {
  if (std::isnan(f)) return "NAN";
  if (std::isinf(f)) return f > 0 ? "INFINITY" : "-INFINITY";
  std::string digits = fmt::format("{}", f);
  if (digits.find_first_of(".e") == std::string::npos) digits += ".0";
  return digits + "f";
}

std::string c_literal(const Scalar& value) {
  switch (value.dtype) {
    case DType::I32: return value.as_i32() == INT32_MIN ? "INT32_MIN" : fmt::format("{}", value.as_i32());
    case DType::F32: return c_float(value.as_f32());
    case DType::Bool: return value.as_bool() ? "true" : "false";
    case DType::Void: break;
  }
  return "0";
}

class CRenderer final : public CSpelling {
 public:
  explicit CRenderer(const Compiled& compiled)
      : program_(compiled.program), linear_(compiled.linear), variant_(*compiled.variant) {}

  /// The C; `line_stmts`, when given, gets for each C line (index 0 = line 1) the top-level
  /// statement it renders, or -1 (includes, helpers, functions, braces of kernel itself).
  std::string render(std::vector<int32_t>* line_stmts = nullptr) {
    std::string functions;
    for (size_t f = 0; f < program_.funcs.size(); ++f) functions += render_function(static_cast<int>(f));
    std::string kernel = render_kernel();

    std::string path = program_.path;  // in a // comment: a line break would end it
    std::replace_if(path.begin(), path.end(), [](char c) { return c == '\n' || c == '\r'; }, '?');
    std::string out = fmt::format("// {}, rendered by uir-oracle (spec section 6.2).\n", path);
    out += "#include <math.h>\n#include <stdbool.h>\n#include <stdint.h>\n#include <string.h>\n\n";
    for (const Helper* helper : kHelpers)
      if (used_helpers_.count(helper->name)) out += std::string(helper->definition);
    for (const CHelper& helper : variant_.c_helpers())
      if (used_helpers_.count(std::string(helper.name))) out += std::string(helper.definition);
    if (!used_helpers_.empty()) out += "\n";
    out += functions;
    if (line_stmts) {
      line_stmts->assign(std::count(out.begin(), out.end(), '\n'), -1);
      line_stmts->insert(line_stmts->end(), kernel_line_stmts_.begin(), kernel_line_stmts_.end());
    }
    return out + kernel;
  }

 private:
  // --- names -------------------------------------------------------------------------------

  std::string function_name(int f) const {
    return fmt::format("f{}_{}", f, c_identifier(program_.funcs[f].name));
  }

  /// The C variable holding statement `index` of `block` (a function body, or the top level).
  std::string variable(const std::vector<Stmt>& block, int index) const {
    const Stmt& s = block[index];
    switch (s.op) {
      case Op::Param: return fmt::format("p{}_{}", index, c_identifier(s.name));
      case Op::Range: return fmt::format("r{}_{}", index, c_identifier(s.name));
      default: return fmt::format("v{}_{}", index, c_identifier(s.name));
    }
  }

  /// The array a load or store goes through: its buffer's parameter or its alloc's static array.
  std::string memory(int root) const override {
    const Stmt& s = program_.stmts[root];
    if (s.op == Op::Buffer) return fmt::format("data{}", s.slot);
    return fmt::format("alloc{}_{}", root, c_identifier(s.name));
  }

  std::string atom(const std::vector<Stmt>& block, const Operand& operand) const override {
    if (operand.kind == Operand::Kind::Literal) return c_literal(operand.literal);
    return variable(block, operand.ref);
  }

  DType operand_dtype(const std::vector<Stmt>& block, const Operand& operand) const override {
    return operand.kind == Operand::Kind::Literal ? operand.literal.dtype : block[operand.ref].dtype;
  }

  // --- expressions -------------------------------------------------------------------------


  void use_helper(std::string_view name) override { used_helpers_.insert(std::string(name)); }

  /// The C type of a value (memory keeps c_type), as the variant declares it.
  std::string value_type(DType t) const { return variant_.c_value_type(t).value_or(c_type(t)); }

  /// The C expression computing value op `s` of `block`: its row's C spelling over the operands'
  /// atoms (the i32 form where plain C would be undefined), or code for cast and call.
  std::string value_expression(const std::vector<Stmt>& block, const Stmt& s) {
    if (std::optional<std::string> varied = variant_.c_value_expression(*this, block, s)) return *varied;
    auto arg = [&](size_t k) { return k < s.operands.size() ? atom(block, s.operands[k]) : std::string(); };
    if (s.op == Op::Cast) return cast_expression(operand_dtype(block, s.operands[0]), s.dtype, arg(0));
    if (s.op == Op::Call) {
      std::string args;
      for (size_t k = 1; k < s.operands.size(); ++k) args += (k > 1 ? ", " : "") + arg(k);
      return fmt::format("{}({})", function_name(s.operands[0].ref), args);
    }
    const OpInfo& info = op_info(s.op);
    const char* spelling = s.dtype == DType::I32 && info.c_i32_expr ? info.c_i32_expr : info.c_expr;
    if (!spelling) return "0";  // not a value op: render_statement handles it
    std::string expression = fmt::format(fmt::runtime(spelling), arg(0), arg(1), arg(2));
    for (const Helper* helper : kHelpers)
      if (std::string_view(spelling).starts_with(helper->name)) used_helpers_.insert(helper->name);
    return expression;
  }

  std::string cast_expression(DType from, DType to, const std::string& a) {
    if (from == to) return a;
    switch (to) {
      case DType::F32: return from == DType::I32 ? fmt::format("(float){}", a) : fmt::format("{} ? 1.0f : 0.0f", a);
      case DType::I32:
        if (from == DType::Bool) return fmt::format("(int32_t){}", a);
        used_helpers_.insert(kF32ToI32.name);
        return fmt::format("{}({})", kF32ToI32.name, a);
      case DType::Bool: return from == DType::I32 ? fmt::format("{} != 0", a) : fmt::format("{} != 0.0f", a);
      case DType::Void: break;
    }
    return a;
  }

  // --- statements --------------------------------------------------------------------------

  void line(int depth, const std::string& text) {
    kernel_line_stmts_.push_back(current_stmt_);
    out_.append(2 * depth, ' ');
    out_ += text;
    out_ += '\n';
  }

  /// One placed top-level statement; `depth` is the indentation of the lines it prints.
  void render_statement(int index, int depth) {
    const std::vector<Stmt>& block = program_.stmts;
    const Stmt& s = block[index];
    auto arg = [&](size_t k) { return atom(block, s.operands[k]); };
    switch (s.op) {
      case Op::Alloc:  // declared and zeroed at the top of kernel (a variant may zero it here)
        if (variant_.c_alloc_zeroed_where_placed())
          line(depth, fmt::format("memset({0}, 0, sizeof {0});", memory(index)));
        return;
      case Op::Buffer:
      case Op::After:  // memory is updated in place: a version only orders statements
        return;
      case Op::Shrink: {
        // A view is an offset into its buffer or alloc. Bounds are proven (spec §4.2), so the sum
        // stays below 2^24 and plain int arithmetic cannot overflow.
        const Operand& parent = s.operands[0];
        bool of_view = block[parent.ref].kind == Kind::View && variant_.c_view_adds_parent_offset();
        return line(depth, fmt::format("int32_t {} = {};", variable(block, index),
                                       of_view ? fmt::format("{} + {}", arg(0), arg(1)) : arg(1)));
      }
      case Op::Load:
        return line(depth, fmt::format("{} {} = {}[{}];", value_type(s.dtype), variable(block, index),
                                       memory(s.memory_root), arg(0)));
      case Op::Store:
        return line(depth, fmt::format("{}[{}] = {};", memory(s.memory_root), arg(0), arg(1)));
      case Op::Range: {
        std::string r = variable(block, index);
        std::string bound = variant_.c_range_bound(*this, block, s).value_or(arg(0));
        return line(depth, fmt::format("for (int32_t {0} = 0; {0} {2} {1}; {0}++) {{", r, bound,
                                       variant_.c_range_comparison()));
      }
      case Op::End:
        return line(depth, "}");
      case Op::Assert:
        // Asserts run once each, not in file order: keep the smallest failing line (spec §3).
        if (std::optional<std::string> varied = variant_.c_assert(arg(0), s.line)) return line(depth, *varied);
        return line(depth, fmt::format("if (!{0} && (failed_assert_line == 0 || {1} < failed_assert_line)) "
                                       "failed_assert_line = {1};", arg(0), s.line));
      default:
        return line(depth, fmt::format("{} {} = {};", value_type(s.dtype), variable(block, index),
                                       value_expression(block, s)));
    }
  }

  std::string render_function(int f) {
    const Function& func = program_.funcs[f];
    std::string params;
    for (int k = 0; k < func.num_params; ++k)
      params += fmt::format("{}{} {}", k ? ", " : "", value_type(func.body[k].dtype_attr.value_or(DType::I32)),
                            variable(func.body, k));
    out_.clear();
    line(0, fmt::format("static {} {}({}) {{", value_type(func.ret), function_name(f), params.empty() ? "void" : params));
    for (size_t k = func.num_params; k < func.body.size(); ++k) {
      const Stmt& s = func.body[k];
      if (s.op == Op::Ret) {
        line(1, fmt::format("return {};", atom(func.body, s.operands[0])));
        break;
      }
      line(1, fmt::format("{} {} = {};", value_type(s.dtype), variable(func.body, static_cast<int>(k)),
                          value_expression(func.body, s)));
    }
    line(0, "}");
    out_ += "\n";
    return out_;
  }

  std::string render_kernel() {
    std::string params;
    std::vector<int> buffers = program_.buffers_by_slot();
    variant_.c_kernel_params(&buffers);
    for (int index : buffers) {
      const Stmt& s = program_.stmts[index];
      params += fmt::format("{}{} *data{}", params.empty() ? "" : ", ", c_type(s.dtype), s.slot);
    }
    bool has_asserts = false;
    for (const Placed& item : linear_.items) has_asserts |= program_.stmts[item.stmt].op == Op::Assert;

    out_.clear();
    kernel_line_stmts_.clear();
    line(0, fmt::format("int32_t kernel({}) {{", params.empty() ? "void" : params));
    // Allocs live in static storage (up to 2^24 elements: too big for the stack) and start at zero
    // on every call (spec §4: zero-initialised once when the program starts).
    for (const Placed& item : linear_.items) {
      const Stmt& s = program_.stmts[item.stmt];
      if (s.op != Op::Alloc) continue;
      std::string name = memory(item.stmt);
      line(1, fmt::format("static {} {}[{}];", c_type(s.dtype), name, s.length));
      if (std::optional<int> fill = variant_.c_alloc_fill())
        line(1, fmt::format("memset({0}, {1}, sizeof {0});", name, *fill == 0 ? "0" : fmt::format("{:#x}", *fill)));
    }
    if (has_asserts) line(1, "int32_t failed_assert_line = 0;");
    for (const Placed& item : linear_.items) {
      // item.depth counts the loops open after the item: a `for` line sits outside its own loop.
      const Stmt& s = program_.stmts[item.stmt];
      int depth = s.op == Op::Range ? item.depth - 1 : item.depth;
      current_stmt_ = item.stmt;
      render_statement(item.stmt, depth + 1);
      current_stmt_ = -1;
    }
    line(1, has_asserts ? "return failed_assert_line;" : "return 0;");
    line(0, "}");
    return out_;
  }

  const Program& program_;
  const Linear& linear_;
  const OracleVariant& variant_;  // how the C may vary (oracle/variant.h); the reference for the oracle
  std::set<std::string> used_helpers_;
  std::string out_;  // the block being printed
  int32_t current_stmt_ = -1;               // the top-level statement being rendered, or -1
  std::vector<int32_t> kernel_line_stmts_;  // per line of kernel's block: current_stmt_ when printed
};

}  // namespace

std::string render_c(const Compiled& compiled) { return CRenderer(compiled).render(); }

std::string render_c(const Compiled& compiled, std::vector<int32_t>* line_stmts) {
  return CRenderer(compiled).render(line_stmts);
}

}  // namespace uir
