// The sections gcc makes for plain C at -O1 with -g and the sanitizers (seen on every kernel the
// oracle renders, kernel_object_check_test.cc): code in .text (and the .text.* gcc splits cold and
// startup code into), data in .data/.rodata/.bss and their named variants, the sanitizers'
// constructor and destructor at priority 99, unwind tables, debug info, notes; and the relocations
// and tables of those. Anything else came from something a kernel may not say.
#include "grader/render/kernel_object_check.h"

#include <elf.h>

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "grader/render/elf_object.h"
#include "grader/render/kernel_library.h"

namespace uirgrade {
namespace {

constexpr std::array<std::string_view, 6> kCodeSections = {".text", ".text.startup", ".text.unlikely", ".text.hot",
                                                            ".text.exit", ".text.cold"};

bool is_code_section(std::string_view name) {
  return std::find(kCodeSections.begin(), kCodeSections.end(), name) != kCodeSections.end();
}

bool digits_only(std::string_view s) { return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos; }

bool is_plain_c_section(std::string_view name) {
  if (name.starts_with(".rela")) name.remove_prefix(5);
  static constexpr std::array<std::string_view, 18> kExact = {
      "",           ".data",           ".bss",         ".rodata",           ".data.rel.local",  ".data.rel.ro.local",
      ".data.rel",  ".data.rel.ro",    ".comment",     ".note.GNU-stack",   ".note.gnu.property", ".eh_frame",
      ".symtab",    ".strtab",         ".shstrtab",    ".init_array.00099", ".fini_array.00099", ".group"};
  if (is_code_section(name) || std::find(kExact.begin(), kExact.end(), name) != kExact.end()) return true;
  if (name.starts_with(".debug_")) return true;
  // Merged constants: .rodata.cst16, .rodata.str1.1, .rodata.str1.8.
  if (name.starts_with(".rodata.cst")) return digits_only(name.substr(11));
  if (name.starts_with(".rodata.str1.")) return digits_only(name.substr(13));
  return false;
}

bool is_reserved_name(std::string_view name) {
  return name.starts_with("__") || (name.size() > 1 && name[0] == '_' && name[1] >= 'A' && name[1] <= 'Z');
}

}  // namespace

std::optional<std::string> find_impure_object(std::string_view bytes, const std::vector<std::string>& driver_references) {
  std::string error;
  std::optional<ElfObject> object = read_elf_object(bytes, &error);
  if (!object) return fmt::format("the compiled kernel is not an object the grader can read ({})", error);
  for (const ElfSection& section : object->sections) {
    if (!is_plain_c_section(section.name))
      return fmt::format("the compiled kernel has a section `{}`, which plain C does not make (a section attribute, "
                         "assembly or `.incbin`?)",
                         section.name);
    if ((section.flags & SHF_EXECINSTR) && !is_code_section(section.name))
      return fmt::format("the compiled kernel has executable code in section `{}`", section.name);
  }
  for (const ElfSymbol& symbol : object->symbols) {
    if (symbol.name.empty() || symbol.type == STT_SECTION || symbol.type == STT_FILE) continue;
    if (!symbol.defined) {
      if (!is_allowed_library_function(symbol.name) && !is_allowed_compiler_symbol(symbol.name))
        return fmt::format("the compiled kernel calls or uses {}, which a kernel may not use (only its own functions, "
                           "<math.h>, memcpy, memmove, memset, memcmp, malloc, calloc, realloc, free, abs, abort)",
                           symbol.name);
      continue;
    }
    if (symbol.type == STT_GNU_IFUNC || symbol.absolute)
      return fmt::format("the compiled kernel defines {} in a way plain C does not (an ifunc or an absolute symbol)",
                         symbol.name);
    if (symbol.binding == STB_LOCAL || symbol.name == "kernel") continue;
    const bool driver_uses = std::find(driver_references.begin(), driver_references.end(), symbol.name) !=
                             driver_references.end();
    if (driver_uses || symbol.name == "main" || is_allowed_library_function(symbol.name) ||
        is_reserved_name(symbol.name))
      return fmt::format("the compiled kernel defines {}, a name the grader's driver, the C library or the compiler "
                         "answers to (make the function static or rename it)",
                         symbol.name);
  }
  return std::nullopt;
}

}  // namespace uirgrade
