#include "base/sha256.h"

#include <openssl/evp.h>

#include <fmt/format.h>

namespace uirgrade {
namespace {

std::string as_hex(const unsigned char* digest, unsigned int size) {
  std::string hex;
  for (unsigned int k = 0; k < size; ++k) hex += fmt::format("{:02x}", digest[k]);
  return hex;
}

}  // namespace

std::string sha256_hex(std::string_view bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  EVP_Digest(bytes.data(), bytes.size(), digest, &size, EVP_sha256(), nullptr);
  return as_hex(digest, size);
}

Sha256::Sha256() : context_(EVP_MD_CTX_new(), EVP_MD_CTX_free) {
  EVP_DigestInit_ex(context_.get(), EVP_sha256(), nullptr);
}

void Sha256::field(std::string_view bytes) {
  std::string length = std::to_string(bytes.size()) + ":";
  raw(length);
  raw(bytes);
}

void Sha256::raw(std::string_view bytes) { EVP_DigestUpdate(context_.get(), bytes.data(), bytes.size()); }

std::string Sha256::hex() {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  EVP_DigestFinal_ex(context_.get(), digest, &size);
  return as_hex(digest, size);
}

}  // namespace uirgrade
