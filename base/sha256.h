// SHA-256 (OpenSSL's EVP interface) as lowercase hex, the one hash of the project: the compile
// cache's and the work counter's keys (grader/render/c_compile.h, grader/work/work_counter.h), which a student's C
// must not be able to collide with another's, and a class run's keys (the run key, a submission's
// hash, the similarity report's digests), made of length-prefixed fields so that ("ab", "c") and
// ("a", "bc") hash differently.
#pragma once

#include <memory>
#include <string>
#include <string_view>

struct evp_md_ctx_st;  // OpenSSL's EVP_MD_CTX

namespace uirgrade {

/// The digest of `bytes`, NULs included.
std::string sha256_hex(std::string_view bytes);

/// A digest made piece by piece.
class Sha256 {
 public:
  Sha256();
  /// Adds `bytes` preceded by its length.
  void field(std::string_view bytes);
  /// Adds bytes as they are (a field streamed in pieces after its length was added).
  void raw(std::string_view bytes);
  /// The digest of everything added; call once.
  std::string hex();

 private:
  std::unique_ptr<evp_md_ctx_st, void (*)(evp_md_ctx_st*)> context_;
};

}  // namespace uirgrade
