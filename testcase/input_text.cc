// Exact decimal spellings come from glibc's printf, which prints the exact binary value to as many
// digits as asked (a double's expansion is finite); the boundary spelling pads the midpoint's
// expansion with zeros to well past a double's 17 significant digits before its final 1, so strtod
// still rounds it to the midpoint itself (and the cast to float then ties to even), while strtof,
// rounding once, sees a value above the midpoint.
#include "testcase/input_text.h"

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace uirgrade {
namespace {

/// `x` (a double) with every digit of its exact decimal expansion: "d.ddd...e-XX", trailing zeros
/// of the digits removed, then padded to at least `min_digits` digits after the point.
std::string exact_decimal(double x, int min_digits) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%.110e", x);
  std::string text(buf);
  size_t e = text.find('e');
  std::string digits = text.substr(0, e), exponent = text.substr(e);
  while (!digits.empty() && digits.back() == '0') digits.pop_back();
  if (!digits.empty() && digits.back() == '.') digits += '0';
  size_t point = digits.find('.');
  while (static_cast<int>(digits.size() - point - 1) < min_digits) digits += '0';
  return digits + exponent;
}

bool reads_back(const std::string& text, float value) {
  float read = std::strtof(text.c_str(), nullptr);
  if (std::isnan(value)) return std::isnan(read);
  return std::memcmp(&read, &value, sizeof read) == 0;
}

std::string shortest(float value) {
  if (std::isnan(value)) return "nan";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.9g", value);
  return buf;
}

std::string attempt(float value, F32Spelling how) {
  char buf[64];
  switch (how) {
    case F32Spelling::Shortest:
    case F32Spelling::kCount:
      return shortest(value);
    case F32Spelling::Exponent:
      std::snprintf(buf, sizeof buf, "%.8e", value);
      return buf;
    case F32Spelling::ExactDigits:
      return exact_decimal(value, 1);
    case F32Spelling::RoundingBoundary: {
      float magnitude = std::fabs(value);
      uint32_t bits = 0;
      std::memcpy(&bits, &magnitude, sizeof bits);
      // Needs an odd significand and a neighbour towards 0 that is normal (the midpoint then has
      // 25 significant bits, exact in a double).
      if ((bits & 1u) == 0 || !std::isnormal(magnitude) || magnitude <= 2 * FLT_MIN || std::isinf(magnitude))
        return shortest(value);
      double lower = std::nextafter(magnitude, 0.0f);
      double midpoint = (lower + static_cast<double>(magnitude)) / 2;
      std::string text = exact_decimal(midpoint, 40);
      const size_t exponent = text.find('e');
      if (exponent == std::string::npos) return shortest(value);
      text.insert(exponent, 1, '1');
      return (value < 0 ? "-" : "") + text;
    }
  }
  return shortest(value);
}

}  // namespace

std::string spell_f32(float value, F32Spelling how) {
  if (std::isnan(value) || std::isinf(value)) return shortest(value);
  std::string text = attempt(value, how);
  return reads_back(text, value) ? text : shortest(value);
}

std::vector<size_t> shuffled_order(size_t count, uir::SplitMix64& rng) {
  std::vector<size_t> order(count);
  for (size_t k = 0; k < count; ++k) order[k] = k;
  for (size_t k = count; k > 1; --k) std::swap(order[k - 1], order[rng.next() % k]);
  return order;
}

std::string format_student_input(const std::vector<uir::SlotData>& slots, uint64_t seed) {
  uir::SplitMix64 rng{seed};
  std::string out;
  for (size_t index : shuffled_order(slots.size(), rng)) {
    const uir::SlotData& slot = slots[index];
    if (slot.dtype != uir::DType::F32 || slot.words.size() > kMaxVariedElements) {
      out += uir::format_slot_data({slot});
      continue;
    }
    out += std::to_string(slot.slot) + ":";
    for (size_t k = 0; k < slot.words.size(); ++k) {
      // Half the values keep the shortest spelling; the others are spread over the rest, with the
      // rounding boundary (which most values admit only half the time) drawn most often.
      uint64_t draw = rng.next() % 8;
      F32Spelling how = draw < 4 ? F32Spelling::Shortest
                        : draw == 4 ? F32Spelling::Exponent
                        : draw == 5 ? F32Spelling::ExactDigits
                                    : F32Spelling::RoundingBoundary;
      std::string text = spell_f32(slot.f32(k), how);
      if (how == F32Spelling::Exponent && (rng.next() & 1)) {
        size_t e = text.find('e');
        if (e != std::string::npos) text[e] = 'E';
      }
      out += " " + text;
    }
    out += "\n";
  }
  return out;
}

}  // namespace uirgrade
