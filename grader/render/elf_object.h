// What a relocatable ELF64 object (the compiled kernel, `cc -c`) holds, read in-process: its
// sections (name, type, flags) and its symbols (name, defined or not, binding, type). No binutils.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace uirgrade {

struct ElfSection {
  std::string name;
  uint32_t type = 0;   // SHT_*
  uint64_t flags = 0;  // SHF_*
};

struct ElfSymbol {
  std::string name;
  bool defined = false;  // st_shndx != SHN_UNDEF
  bool absolute = false; // SHN_ABS
  unsigned binding = 0;  // STB_*
  unsigned type = 0;     // STT_*
};

struct ElfObject {
  std::vector<ElfSection> sections;
  std::vector<ElfSymbol> symbols;  // of .symtab, the null symbol left out
};

/// Reads `bytes` as a little-endian x86-64 ELF64 relocatable object; *error says why not. Every
/// offset and size is checked against the file: a hostile object cannot make it read out of bounds.
std::optional<ElfObject> read_elf_object(std::string_view bytes, std::string* error);

}  // namespace uirgrade
