#include "grader/sha256.h"

#include <openssl/evp.h>

#include <fmt/format.h>

namespace uirgrade {

std::string sha256_hex(std::string_view bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  EVP_Digest(bytes.data(), bytes.size(), digest, &size, EVP_sha256(), nullptr);
  std::string hex;
  for (unsigned int k = 0; k < size; ++k) hex += fmt::format("{:02x}", digest[k]);
  return hex;
}

}  // namespace uirgrade
