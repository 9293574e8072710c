// SHA-256 (OpenSSL) as lowercase hex: the compile cache's keys (c_compile.h), which a student's C
// must not be able to collide with another's.
#pragma once

#include <string>
#include <string_view>

namespace uirgrade {

std::string sha256_hex(std::string_view bytes);

}  // namespace uirgrade
