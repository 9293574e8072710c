// <elf.h> gives the layouts; every read goes through `fits`, so a truncated or lying header is an
// error, not a read past the buffer.
#include "grader/render/elf_object.h"

#include <elf.h>

#include <cstring>

namespace uirgrade {
namespace {

bool fits(std::string_view bytes, uint64_t offset, uint64_t size) {
  return offset <= bytes.size() && size <= bytes.size() - offset;
}

template <typename T>
bool read_at(std::string_view bytes, uint64_t offset, T* out) {
  if (!fits(bytes, offset, sizeof(T))) return false;
  std::memcpy(out, bytes.data() + offset, sizeof(T));
  return true;
}

/// The NUL-terminated string at `offset` of the string table `table`, or nullopt.
std::optional<std::string> string_at(std::string_view bytes, const Elf64_Shdr& table, uint64_t offset) {
  if (!fits(bytes, table.sh_offset, table.sh_size) || offset >= table.sh_size) return std::nullopt;
  std::string_view strings = bytes.substr(table.sh_offset, table.sh_size);
  size_t end = strings.find('\0', offset);
  if (end == std::string_view::npos) return std::nullopt;
  return std::string(strings.substr(offset, end - offset));
}

}  // namespace

std::optional<ElfObject> read_elf_object(std::string_view bytes, std::string* error) {
  Elf64_Ehdr header;
  if (!read_at(bytes, 0, &header) || std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 ||
      header.e_ident[EI_CLASS] != ELFCLASS64 || header.e_ident[EI_DATA] != ELFDATA2LSB) {
    *error = "not a 64-bit little-endian ELF file";
    return std::nullopt;
  }
  if (header.e_type != ET_REL || header.e_shentsize != sizeof(Elf64_Shdr)) {
    *error = "not a relocatable object";
    return std::nullopt;
  }
  std::vector<Elf64_Shdr> headers(header.e_shnum);
  for (size_t k = 0; k < headers.size(); ++k)
    if (!read_at(bytes, header.e_shoff + k * sizeof(Elf64_Shdr), &headers[k])) {
      *error = "a section header lies outside the file";
      return std::nullopt;
    }
  if (header.e_shstrndx >= headers.size()) {
    *error = "no section name table";
    return std::nullopt;
  }
  ElfObject object;
  const Elf64_Shdr* symtab = nullptr;
  for (const Elf64_Shdr& section : headers) {
    std::optional<std::string> name = string_at(bytes, headers[header.e_shstrndx], section.sh_name);
    if (!name) {
      *error = "a section name lies outside its table";
      return std::nullopt;
    }
    object.sections.push_back({*name, section.sh_type, section.sh_flags});
    if (section.sh_type == SHT_SYMTAB) symtab = &section;
  }
  if (!symtab) return object;
  if (symtab->sh_link >= headers.size() || symtab->sh_entsize != sizeof(Elf64_Sym) ||
      !fits(bytes, symtab->sh_offset, symtab->sh_size)) {
    *error = "a malformed symbol table";
    return std::nullopt;
  }
  for (uint64_t k = 1; k < symtab->sh_size / sizeof(Elf64_Sym); ++k) {
    Elf64_Sym symbol;
    read_at(bytes, symtab->sh_offset + k * sizeof(Elf64_Sym), &symbol);
    std::optional<std::string> name = string_at(bytes, headers[symtab->sh_link], symbol.st_name);
    if (!name) {
      *error = "a symbol name lies outside its table";
      return std::nullopt;
    }
    object.symbols.push_back({*name, symbol.st_shndx != SHN_UNDEF, symbol.st_shndx == SHN_ABS,
                              static_cast<unsigned>(ELF64_ST_BIND(symbol.st_info)),
                              static_cast<unsigned>(ELF64_ST_TYPE(symbol.st_info))});
  }
  return object;
}

}  // namespace uirgrade
