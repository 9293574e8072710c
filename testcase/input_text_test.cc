// The varied stdin must carry exactly the data (every spelling reads back through strtof), vary its
// slot order with the seed and repeat it for the same seed, and really contain the spellings that
// separate strtof from a read through a double.
#include "testcase/input_text.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <set>

namespace uirgrade {
namespace {

std::vector<uir::SlotData> sample_slots(uint64_t seed) {
  uir::SplitMix64 rng{seed};
  std::vector<uir::SlotData> slots;
  for (int slot : {0, 3, 7, 12}) {
    uir::SlotData data{slot, slot % 2 ? uir::DType::F32 : uir::DType::I32, {}};
    for (int k = 0; k < 40; ++k) {
      if (data.dtype == uir::DType::I32) {
        data.words.push_back(static_cast<uint32_t>(rng.next()));
      } else {
        float f = static_cast<float>(static_cast<double>(rng.next() % 2000001) / 1e6 - 1.0) * (k % 3 ? 1.0f : 1e-30f);
        uint32_t word;
        std::memcpy(&word, &f, 4);
        data.words.push_back(k == 5 ? 0x7f800000u : word);  // one inf
      }
    }
    slots.push_back(std::move(data));
  }
  slots[1].dtype = uir::DType::F32;  // slots 3 and 7 are f32
  return slots;
}

TEST(InputText, EverySeedReadsBackToTheSameWords) {
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    std::vector<uir::SlotData> slots = sample_slots(seed);
    std::vector<uir::SlotSpec> specs;
    for (const uir::SlotData& s : slots) specs.push_back({s.slot, s.dtype, static_cast<int32_t>(s.words.size())});
    std::string text = format_student_input(slots, seed);
    auto parsed = uir::parse_slot_data(text, specs);
    ASSERT_TRUE(std::holds_alternative<std::vector<uir::SlotData>>(parsed)) << text;
    const auto& back = std::get<std::vector<uir::SlotData>>(parsed);
    for (size_t k = 0; k < slots.size(); ++k) ASSERT_EQ(back[k].words, slots[k].words) << "seed " << seed;
  }
}

TEST(InputText, SlotOrderVariesWithTheSeedAndRepeatsForTheSame) {
  std::vector<uir::SlotData> slots = sample_slots(1);
  std::set<std::string> orders;
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    std::string text = format_student_input(slots, seed);
    EXPECT_EQ(text, format_student_input(slots, seed));
    std::string order;
    for (size_t at = 0; at < text.size(); at = text.find('\n', at) + 1) order += text.substr(at, text.find(':', at) - at) + ",";
    orders.insert(order);
  }
  EXPECT_GE(orders.size(), 10u);  // 24 orders of 4 slots; 30 seeds meet many of them
}

TEST(InputText, BoundarySpellingSeparatesStrtofFromADoubleRead) {
  int separated = 0, tried = 0;
  uir::SplitMix64 rng{9};
  for (int k = 0; k < 1000; ++k) {
    uint32_t bits = (static_cast<uint32_t>(rng.next()) & 0x007fffffu) | 0x3f000000u | 1u;  // odd, in [0.5, 1)
    float value;
    std::memcpy(&value, &bits, 4);
    std::string text = spell_f32(k % 2 ? value : -value, F32Spelling::RoundingBoundary);
    ++tried;
    float once = std::strtof(text.c_str(), nullptr);
    float twice = static_cast<float>(std::strtod(text.c_str(), nullptr));
    EXPECT_EQ(once, k % 2 ? value : -value) << text;
    if (once != twice) ++separated;
  }
  EXPECT_EQ(separated, tried);  // every odd value gets a spelling a double read gets wrong
}

TEST(InputText, SpellingsOfOneValueDiffer) {
  float value = 0.1f;
  std::set<std::string> texts;
  for (int how = 0; how < static_cast<int>(F32Spelling::kCount); ++how)
    texts.insert(spell_f32(value, static_cast<F32Spelling>(how)));
  EXPECT_GE(texts.size(), 3u);  // 0.1 is even: no boundary spelling, the shortest instead
  for (const std::string& t : texts) EXPECT_EQ(std::strtof(t.c_str(), nullptr), value) << t;
}

}  // namespace
}  // namespace uirgrade
