// The generator's main loop: a statement budget from the size, then constructs drawn with the
// week's weights (limits.h) until the budget is spent. Week 2 and 3 programs start with a buffer so
// that every program has an output.
#include "generators/generate.h"

#include <rapidcheck/Seq.h>
#include <rapidcheck/seq/Transform.h>
#include <rapidcheck/shrink/Shrink.h>
#include <rapidcheck/shrinkable/Create.h>
#include <rapidcheck/shrinkable/Transform.h>

#include <cstdio>

#include "generators/constructs.h"
#include "oracle/print.h"

namespace uirgen {
namespace {

void generate_construct(GenState& g, Construct construct) {
  switch (construct) {
    case Construct::Value:
      gen_any_value(g);
      break;
    case Construct::Assert:
      gen_assert(g);
      break;
    case Construct::Function:
      gen_function(g);
      break;
    case Construct::Memory:
      gen_memory(g, std::nullopt, 1);
      break;
    case Construct::TopStore:
      gen_top_store(g);
      break;
    case Construct::TopLoad:
      gen_top_load(g);
      break;
    case Construct::DeclareRanges:
      gen_declare_ranges(g);
      break;
    case Construct::MapNest:
      gen_map_nest(g);
      break;
    case Construct::ReduceNest:
      gen_reduce_nest(g, false);
      break;
    case Construct::ReduceThenMap:
      gen_reduce_then_map(g);
      break;
    case Construct::PinnedReduce:
      gen_reduce_nest(g, true);
      break;
    case Construct::OverwriteAfterRead:
      gen_overwrite_after_read(g);
      break;
    case Construct::kCount:
      break;
  }
}

/// Swarm testing: keeps each construct of `weights` with `keep_percent` (the draws are the first
/// choices, so replaying or shrinking a program keeps its subset or, shrunk to 0, drops constructs),
/// but never all of them: when none is kept, the first drawn is put back.
void swarm_subset(Chooser& chooser, std::array<int, kConstructCount>& weights, int keep_percent) {
  std::array<int, kConstructCount> kept{};
  bool any = false;
  for (int k = 0; k < kConstructCount; ++k) {
    if (weights[k] == 0) continue;
    // chance() shrinks towards false; "keep" is the lowest option so a shrunk list keeps more.
    if (!chooser.chance(100 - keep_percent)) {
      kept[k] = weights[k];
      any = true;
    }
  }
  if (!any) return;  // every construct dropped: the full table
  weights = kept;
}

GeneratedProgram build_program(Chooser& chooser, int week, int size, const GenLimits& limits) {
  week = std::max(1, std::min(3, week));
  ProgramBuilder builder(limits);
  GenState g{builder, chooser, size};
  int budget = statement_budget(size, limits);
  if (week >= 2) gen_memory(g, std::nullopt, 1);
  std::array<int, kConstructCount> weights = kConstructWeights[week - 1];
  if (limits.swarm) swarm_subset(chooser, weights, limits.swarm_keep_percent);
  // Some constructs add nothing at times (a limit is reached): the guard ends the loop anyway.
  for (int step = 0; builder.statement_count() < budget && step < 4 * budget; ++step)
    generate_construct(g, static_cast<Construct>(chooser.weighted(weights.data(), kConstructCount)));
  if (week == 1 && g.asserts == 0) gen_assert(g);  // week 1's only observable result
  GeneratedProgram out;
  out.week = week;
  out.size = size;
  out.swarm = limits.swarm;
  out.choices = chooser.recorded();
  out.program = std::move(builder.program());
  return out;
}

}  // namespace

int scaled(const GenState& g, int limit) {
  return 1 + (limit - 1) * std::max(0, std::min(g.size, 100)) / 100;
}

int statement_budget(int size, const GenLimits& limits) {
  size = std::max(0, std::min(size, 1000));
  return limits.min_statements + (limits.statements_at_size_100 - limits.min_statements) * size / 100;
}

GeneratedProgram replay_program(const std::vector<uint32_t>& choices, int week, int size,
                                const GenLimits& limits) {
  Chooser chooser(choices);
  return build_program(chooser, week, size, limits);
}

GeneratedProgram sample_program(int week, uint64_t seed, int size, const GenLimits& limits) {
  Chooser chooser{rc::Random(seed)};
  GeneratedProgram out = build_program(chooser, week, size, limits);
  out.seed = seed;
  return out;
}

namespace {

rc::Shrinkable<GeneratedProgram> shrinkable_from(GeneratedProgram first, const GenLimits& limits) {
  int week = first.week, size = first.size;
  uint64_t seed = first.seed;
  auto choices = rc::shrinkable::shrinkRecur(first.choices, [](const std::vector<uint32_t>& list) {
    return rc::seq::concat(rc::shrink::removeChunks(list), rc::shrink::eachElement(list, [](uint32_t x) {
                             return rc::shrink::towards<uint32_t>(x, 0);
                           }));
  });
  std::vector<uint32_t> original = first.choices;
  return rc::shrinkable::map(std::move(choices), [=](const std::vector<uint32_t>& list) {
    GeneratedProgram program = replay_program(list, week, size, limits);
    program.seed = seed;
    program.shrunk = list != original;
    return program;
  });
}

}  // namespace

rc::Shrinkable<GeneratedProgram> sample_shrinkable(int week, uint64_t seed, int size,
                                                   const GenLimits& limits) {
  return shrinkable_from(sample_program(week, seed, size, limits), limits);
}

rc::Gen<GeneratedProgram> program_gen(int week, const GenLimits& limits) {
  return rc::Gen<GeneratedProgram>([=](const rc::Random& random, int size) {
    Chooser chooser(random);
    return shrinkable_from(build_program(chooser, week, size, limits), limits);
  });
}

std::string generator_header(const GeneratedProgram& generated) {
  return "# uirgen: week=" + std::to_string(generated.week) + " seed=" + std::to_string(generated.seed) +
         " size=" + std::to_string(generated.size) + (generated.swarm ? " swarm" : "") +
         (generated.shrunk ? " (shrunk)" : "");
}

std::string program_text(const GeneratedProgram& generated) {
  return generator_header(generated) + "\n" + uir::print_program(generated.program);
}

bool header_says_swarm(const std::string& line) {
  int week = 0, size = 0;
  uint64_t seed = 0;
  return parse_generator_header(line, &week, &seed, &size) && line.find(" swarm") != std::string::npos;
}

bool parse_generator_header(const std::string& line, int* week, uint64_t* seed, int* size) {
  unsigned long long seed_value = 0;
  if (std::sscanf(line.c_str(), "# uirgen: week=%d seed=%llu size=%d", week, &seed_value, size) != 3)
    return false;
  *seed = seed_value;
  return true;
}

}  // namespace uirgen
