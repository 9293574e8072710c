#include "generators/differential.h"

#include <cmath>

#include "mutation/catalogue_variant.h"
#include "oracle/oracle.h"
#include "oracle/seeded_random.h"

namespace uirgen {
namespace {

bool same_word(uir::DType dtype, uint32_t a, uint32_t b) {
  if (dtype == uir::DType::F32 && std::isnan(std::bit_cast<float>(a)) && std::isnan(std::bit_cast<float>(b)))
    return true;
  return a == b;
}

}  // namespace

std::vector<uir::SlotData> random_inputs(const std::vector<uir::SlotSpec>& specs, uint64_t seed) {
  uir::SplitMix64 rng{seed};
  std::vector<uir::SlotData> out;
  for (const uir::SlotSpec& spec : specs) {
    uir::SlotData slot{spec.slot, spec.dtype, {}};
    slot.words.reserve(spec.length);
    for (int32_t k = 0; k < spec.length; ++k) {
      uint64_t r = rng.next();
      if (spec.dtype == uir::DType::F32) {
        // Multiples of 2^-10 in [-1, 1]: exact in f32 and short in text.
        float value = static_cast<float>(static_cast<int>(r % 2049) - 1024) / 1024.0f;
        slot.words.push_back(std::bit_cast<uint32_t>(value));
      } else {
        slot.words.push_back(static_cast<uint32_t>(static_cast<int32_t>(r % 201) - 100));
      }
    }
    out.push_back(std::move(slot));
  }
  return out;
}

Outcome run_program(const std::string& text, uint64_t seed, const uirgrade::Mutants& mutants) {
  return run_program_on(text, [seed](const std::vector<uir::SlotSpec>& specs) { return random_inputs(specs, seed); },
                        mutants);
}

Outcome run_program_on(const std::string& text, const InputsFor& inputs_for, const uirgrade::Mutants& mutants) {
  uir::Compiled compiled = uir::compile("fuzz.uir", text, uirgrade::mutant_variant(mutants));
  Outcome out;
  out.error = compiled.error;
  if (compiled.error) return out;
  out.inputs = inputs_for(uir::slot_specs(compiled.program));
  uir::RunResult result = uir::run(compiled, out.inputs);
  out.exit_code = result.exit_code;
  out.failed_assert_line = result.failed_assert_line;
  out.buffers = std::move(result.buffers);
  return out;
}

bool outcomes_differ(const Outcome& a, const Outcome& b) {
  if (a.error.has_value() != b.error.has_value()) return true;
  if (a.error) return a.error->rule != b.error->rule || a.error->line != b.error->line;
  if (a.exit_code != b.exit_code || a.failed_assert_line != b.failed_assert_line) return true;
  if (a.buffers.size() != b.buffers.size()) return true;
  for (size_t s = 0; s < a.buffers.size(); ++s) {
    if (a.buffers[s].words.size() != b.buffers[s].words.size()) return true;
    for (size_t k = 0; k < a.buffers[s].words.size(); ++k)
      if (!same_word(a.buffers[s].dtype, a.buffers[s].words[k], b.buffers[s].words[k])) return true;
  }
  return false;
}

std::vector<std::string> slot_values_text(const uir::SlotData& slot) {
  std::string line = uir::format_slot_data({slot});
  std::vector<std::string> values;
  size_t colon = line.find(':');
  std::string rest = colon == std::string::npos ? line : line.substr(colon + 1);
  size_t pos = 0;
  while (pos < rest.size()) {
    size_t start = rest.find_first_not_of(" \n\r", pos);
    if (start == std::string::npos) break;
    size_t end = rest.find_first_of(" \n\r", start);
    if (end == std::string::npos) end = rest.size();
    values.push_back(rest.substr(start, end - start));
    pos = end;
  }
  return values;
}

}  // namespace uirgen
