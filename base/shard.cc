#include "base/shard.h"

#include <charconv>

namespace uirgrade {

std::optional<Shard> parse_shard(std::string_view text) {
  size_t slash = text.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  auto parse_int = [](std::string_view digits, int* value) {
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), *value);
    return ec == std::errc() && end == digits.data() + digits.size() && !digits.empty();
  };
  Shard shard;
  if (!parse_int(text.substr(0, slash), &shard.index) || !parse_int(text.substr(slash + 1), &shard.count))
    return std::nullopt;
  if (shard.count < 1 || shard.index < 1 || shard.index > shard.count) return std::nullopt;
  return shard;
}

}  // namespace uirgrade
