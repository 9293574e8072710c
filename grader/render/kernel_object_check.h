// The pure-kernel rules (spec §6.2) on what the compiler produced: the kernel's object file, from
// the very compilation that is linked and run (c_compile.h). It references no outside symbol but
// the allowed functions and the sanitizer runtime's (kernel_library.h), defines no global the
// driver or the C library answers to, and has no section a plain C file does not make (what
// `__attribute__((section))`, `.incbin` or assembly would add). A violation here is one the text
// check (pure_kernel_check.h) missed, and the message says it was found in the compiled kernel.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace uirgrade {

/// The first violation in `object` (an ELF64 relocatable object), as a sentence a student reads
/// after `kernel.c: render: ` ("the compiled kernel calls system(), ..."), or nullopt.
/// `driver_references`: the symbols the driver's object references, which the kernel may not define.
std::optional<std::string> find_impure_object(std::string_view object, const std::vector<std::string>& driver_references);

}  // namespace uirgrade
