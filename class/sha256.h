// Incremental SHA-256 over OpenSSL's EVP interface, with length-prefixed fields so that
// ("ab","c") and ("a","bc") hash differently. Shared by the run key and the submission hash.
#pragma once

#include <openssl/evp.h>

#include <memory>
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace uirgrade {

class Sha256 {
 public:
  Sha256() : context_(EVP_MD_CTX_new(), EVP_MD_CTX_free) { EVP_DigestInit_ex(context_.get(), EVP_sha256(), nullptr); }
  /// Adds `bytes` preceded by its length.
  void field(std::string_view bytes) {
    std::string length = std::to_string(bytes.size()) + ":";
    raw(length);
    raw(bytes);
  }
  /// Adds bytes as they are (a field streamed in pieces after its length was added).
  void raw(std::string_view bytes) { EVP_DigestUpdate(context_.get(), bytes.data(), bytes.size()); }
  std::string hex() {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    EVP_DigestFinal_ex(context_.get(), digest, &size);
    std::string text;
    for (unsigned int k = 0; k < size; ++k) text += fmt::format("{:02x}", digest[k]);
    return text;
  }

 private:
  std::unique_ptr<EVP_MD_CTX, void (*)(EVP_MD_CTX*)> context_;
};

}  // namespace uirgrade
