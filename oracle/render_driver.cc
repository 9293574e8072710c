// The C driver of the grader's render tests: a `main` that does what `uir-oracle run` does around a
// rendered kernel. It reads slot lines on stdin with the same strictness as parse_slot_data (exact
// counts, each slot once, i32 as -?[0-9]+ within i32, f32 as strtof reads them; exit 3 otherwise),
// calls kernel, and prints every buffer like format_slot_data (%d, %.9g, every NaN as "nan").
//
// The program-specific part is a small table of the buffers (slot, dtype, length) and the call of
// kernel; the rest is fixed text. Buffers (up to 2^24 elements each) live at fixed addresses, the
// k-th at BUFFER_BASE + k * BUFFER_WINDOW, one page in: the same in the sanitized run that is graded
// and in the run under valgrind that counts the kernel's work, so a kernel cannot tell the two runs
// apart by where its buffers are (spec §6.2: its results and work depend only on their contents).
// The page before each buffer stays unmapped, and the bytes after its end up to the next page are
// poisoned for AddressSanitizer, so an access outside a buffer still fails the sanitized run.
#include <string>

#include <fmt/format.h>

#include "oracle/kernel_lockdown.h"
#include "oracle/oracle.h"

namespace uir {
namespace {

/// `text` as the body of a C string literal: quotes, backslashes and control bytes escaped.
std::string c_string_body(std::string_view text) {
  std::string out;
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 32 || c == 127) {
      out += fmt::format("\\{:03o}", c);
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

// Everything that does not depend on the program. It expects NUM_SLOTS, the slot tables and
// PROGRAM_PATH above it, and call_kernel() below it.
constexpr const char* kFixedPart = R"C(
static void *slot_memory[NUM_SLOTS + 1];
static int slot_seen_on_line[NUM_SLOTS + 1];

/// Malformed stdin: says where and what (`format` may hold one %d for the slot), exits 3.
static void bad_input(int line, const char *format, int slot) {
  if (line > 0) fprintf(stderr, "stdin:%d: ", line);
  else fprintf(stderr, "stdin: ");
  fprintf(stderr, format, slot);
  fputc('\n', stderr);
  exit(3);
}

static char *read_all(FILE *in) {
  size_t size = 0, capacity = 1 << 16;
  char *text = malloc(capacity);
  size_t n;
  while (text && (n = fread(text + size, 1, capacity - size - 1, in)) > 0) {
    size += n;
    if (capacity - size - 1 == 0) text = realloc(text, capacity *= 2);
  }
  if (!text) bad_input(0, "out of memory", 0);
  text[size] = '\0';
  return text;
}

static int is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/// Stores one value token into element k of slot index s, or fails.
static void parse_value(char *token, int s, long k, int line) {
  char *end = NULL;
  if (slot_is_f32[s]) {
    float value = strtof(token, &end);
    if (end == token || *end != '\0') bad_input(line, "slot %d: a value is not an f32", slot_numbers[s]);
    ((float *)slot_memory[s])[k] = value;
    return;
  }
  const char *digit = token[0] == '-' ? token + 1 : token;
  if (*digit == '\0') bad_input(line, "slot %d: a value is not an i32", slot_numbers[s]);
  for (const char *c = digit; *c; ++c)
    if (*c < '0' || *c > '9') bad_input(line, "slot %d: a value is not an i32", slot_numbers[s]);
  errno = 0;
  long long value = strtoll(token, &end, 10);
  if (errno != 0 || value < INT32_MIN || value > INT32_MAX)
    bad_input(line, "slot %d: a value is outside i32", slot_numbers[s]);
  ((int32_t *)slot_memory[s])[k] = (int32_t)value;
}

static void parse_line(char *p, int line) {
  while (is_blank(*p)) ++p;
  if (*p == '\0') return;
  char *colon = strchr(p, ':');
  if (!colon || colon == p) bad_input(line, "expected 'SLOT: values...'", 0);
  int slot = 0;
  for (char *c = p; c < colon; ++c) {
    if (*c < '0' || *c > '9' || slot > 1000) bad_input(line, "expected 'SLOT: values...'", 0);
    slot = slot * 10 + (*c - '0');
  }
  int s = 0;
  while (s < NUM_SLOTS && slot_numbers[s] != slot) ++s;
  if (s == NUM_SLOTS) bad_input(line, "slot %d is not a buffer of the program", slot);
  if (slot_seen_on_line[s]) bad_input(line, "slot %d given twice", slot);
  slot_seen_on_line[s] = line;
  long count = 0;
  p = colon + 1;
  for (;;) {
    while (is_blank(*p)) ++p;
    if (*p == '\0') break;
    char *token = p;
    while (*p && !is_blank(*p)) ++p;
    char after = *p;
    *p = '\0';
    if (count == slot_lengths[s]) bad_input(line, "slot %d has too many values", slot);
    parse_value(token, s, count++, line);
    *p = after;
  }
  if (count != slot_lengths[s]) bad_input(line, "slot %d has too few values", slot);
}

#if defined(__SANITIZE_ADDRESS__)
void __asan_poison_memory_region(void const volatile *address, size_t size);
#endif

/// The buffer of slot index s at its fixed address, zeroed; NULL when that address is taken or
/// cannot be mapped (never another address: that would tell a counted run from a graded one).
static void *map_slot(int s) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  size_t bytes = (size_t)slot_lengths[s] * 4;
  size_t mapped = bytes == 0 ? page : (bytes + page - 1) / page * page;
  void *wanted = (void *)(uintptr_t)(BUFFER_BASE + (uint64_t)s * BUFFER_WINDOW + page);
  void *got = mmap(wanted, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
  if (got == MAP_FAILED) return NULL;
  if (got != wanted) {  /* a kernel (or valgrind) that does not know MAP_FIXED_NOREPLACE took it as a hint */
    munmap(got, mapped);
    return NULL;
  }
#if defined(__SANITIZE_ADDRESS__)
  __asan_poison_memory_region((char *)got + bytes, mapped - bytes);
#endif
  return got;
}

static void read_slots(void) {
  for (int s = 0; s < NUM_SLOTS; ++s) {
    slot_memory[s] = map_slot(s);
    if (!slot_memory[s]) bad_input(0, "cannot map slot %d at its fixed address", slot_numbers[s]);
  }
  char *text = read_all(stdin);
  int line = 0;
  for (char *p = text; *p;) {
    char *newline = strchr(p, '\n');
    if (newline) *newline = '\0';
    parse_line(p, ++line);
    if (!newline) break;
    p = newline + 1;
  }
  free(text);
  for (int s = 0; s < NUM_SLOTS; ++s)
    if (!slot_seen_on_line[s]) bad_input(0, "slot %d is missing", slot_numbers[s]);
}

static void print_slots(void) {
  for (int s = 0; s < NUM_SLOTS; ++s) {
    printf("%d:", slot_numbers[s]);
    for (long k = 0; k < slot_lengths[s]; ++k) {
      if (!slot_is_f32[s]) {
        printf(" %d", (int)((int32_t *)slot_memory[s])[k]);
      } else {
        float value = ((float *)slot_memory[s])[k];
        if (isnan(value)) printf(" nan");
        else printf(" %.9g", (double)value);
      }
    }
    putchar('\n');
  }
}

/* A sanitizer's report exits 86, never 1 (which means an assert failed). UBSan's runtime reads its
   options (the environment through /proc/self/environ) only at its first report, when the locked-
   down process may no longer open files: so they are compiled in. ASan reads its own at start-up. */
const char *__ubsan_default_options(void) { return "halt_on_error=1:print_stacktrace=1:exitcode=86"; }

int main(void) {
  static char out_buffer[1 << 16];
  setvbuf(stdout, out_buffer, _IOFBF, sizeof out_buffer);
  read_slots();
#if KERNEL_LOCKDOWN
  lock_down();
#else
  /* Where the lockdown would be: a run counted under valgrind (which cannot run the filter) traces
     its system calls, and the grader applies the lockdown's rules to those after this one. */
  (void)getppid();
#endif
  int32_t failed_assert_line = call_kernel();
  print_slots();
  fflush(stdout);
  if (failed_assert_line != 0) fprintf(stderr, "%s:%d: assert failed\n", PROGRAM_PATH, (int)failed_assert_line);
  /* _exit, not return: the locked-down process may not run the exit handlers, whose leak check
     (LeakSanitizer, on by default outside the grader) stops the world with clone and ptrace. Leaks
     are not judged (spec 6.2; the grader's own build sets detect_leaks=0). */
  _exit(failed_assert_line != 0 ? 1 : 0);
}
)C";

}  // namespace

std::string render_driver(const std::vector<SlotSpec>& specs, std::string_view program_path, bool lock_down_kernel) {
  std::string numbers, is_f32, lengths, kernel_params, kernel_args;
  for (size_t s = 0; s < specs.size(); ++s) {
    const SlotSpec& spec = specs[s];
    const char* sep = s ? ", " : "";
    const char* type = spec.dtype == DType::F32 ? "float" : "int32_t";
    numbers += fmt::format("{}{}", sep, spec.slot);
    is_f32 += fmt::format("{}{}", sep, spec.dtype == DType::F32 ? 1 : 0);
    lengths += fmt::format("{}{}", sep, spec.length);
    kernel_params += fmt::format("{}{} *data{}", sep, type, spec.slot);
    kernel_args += fmt::format("{}({} *)slot_memory[{}]", sep, type, s);
  }
  // C has no empty arrays: a program without buffers gets one unused entry.
  if (specs.empty()) numbers = is_f32 = lengths = "0";

  std::string out = fmt::format("// Driver for the kernel of {}: slot lines on stdin, buffers on stdout.\n",
                                c_string_body(program_path));
  // The lockdown's ucontext registers and dl_iterate_phdr are GNU extensions.
  out += "#define _GNU_SOURCE\n";
  out += kernel_lockdown_includes();
  out += "#include <errno.h>\n#include <math.h>\n#include <stdint.h>\n#include <stdio.h>\n"
         "#include <stdlib.h>\n#include <string.h>\n#include <sys/mman.h>\n#include <unistd.h>\n\n";
  out += fmt::format("#define BUFFER_BASE 0x{:x}ull\n#define BUFFER_WINDOW 0x{:x}ull\n", kDriverBufferBase,
                     kDriverBufferWindow);
  out += fmt::format("#define NUM_SLOTS {}\n", specs.size());
  out += fmt::format("#define PROGRAM_PATH \"{}\"\n", c_string_body(program_path));
  out += fmt::format("static const int slot_numbers[NUM_SLOTS + 1] = {{{}}};\n", numbers);
  out += fmt::format("static const int slot_is_f32[NUM_SLOTS + 1] = {{{}}};\n", is_f32);
  out += fmt::format("static const long slot_lengths[NUM_SLOTS + 1] = {{{}}};\n", lengths);
  out += fmt::format("int32_t kernel({});\n", kernel_params.empty() ? "void" : kernel_params);
  out += fmt::format("#define KERNEL_LOCKDOWN {}\n#define KERNEL_LOCKDOWN_EXIT {}\n#define KERNEL_LOCKDOWN_FAILED_EXIT {}\n",
                     lock_down_kernel ? 1 : 0, kKernelLockdownExit, kKernelLockdownFailedExit);
  out += "\nstatic int32_t call_kernel(void);\n";
  out += kernel_lockdown_c();
  out += kFixedPart;
  out += fmt::format("\nstatic int32_t call_kernel(void) {{ return kernel({}); }}\n", kernel_args);
  return out;
}

}  // namespace uir
