// The probe catalogue (probes.h): the families of probes_*.cc in one list, the context they build
// in, and the draw that fuzzing uses: a family (the rule, "valid", or "two rules") by cycling, then a
// way within it by weight, so a run of N probes spreads over the rules and rare ways still come up.
#include "generators/probes.h"

#include <algorithm>
#include <map>
#include <sstream>

#include "oracle/oracle.h"

#include "generators/probes_context.h"

namespace uirgen {
namespace {

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string join(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) out += line + "\n";
  return out;
}

const std::vector<ProbeEntry>& entries() {
  static const std::vector<ProbeEntry> all = [] {
    std::vector<ProbeEntry> out;
    for (auto family : {interval_probes, version_probes, two_rule_probes})
      for (ProbeEntry& e : family()) out.push_back(std::move(e));
    return out;
  }();
  return all;
}

/// The family of a clause: "valid/RULE" for near misses, "two-rules" for two-rule probes, else its rule.
std::string family_of(const ProbeInfo& info) {
  if (!info.rule) {  // "valid/E-BOUNDS/...": near misses of one rule form one family
    size_t second = info.clause.find('/', 6);
    return info.clause.substr(0, second);
  }
  if (info.also) return "two-rules";
  return info.clause.substr(0, info.clause.find('/'));
}

}  // namespace

std::string shape_attr(int k) { return k == 1 ? "shape=[]" : "shape=[" + std::to_string(k) + "]"; }

ProbeContext::ProbeContext(std::vector<std::string> lines, Chooser& chooser, int week_)
    : c(chooser), week(week_), lines_(std::move(lines)) {
  uir::Compiled base = uir::compile("gen.uir", join(lines_));
  for (const uir::Stmt& s : base.program.stmts) {
    if (s.op == uir::Op::Buffer) used_slots_.push_back(s.slot);
    if (s.kind == uir::Kind::Memory && s.dtype == uir::DType::I32 && s.open_ranges.empty()) {
      bool has_after = false;
      for (const uir::Stmt& t : base.program.stmts)
        has_after |= t.op == uir::Op::After && t.open_ranges.empty() && t.operands[0].ref >= 0 &&
                     base.program.stmts[t.operands[0].ref].name == s.name;
      if (!has_after) latest_i32_versions_.push_back(s.name);
    }
  }
}

std::string ProbeContext::def(const std::string& stem, const std::string& rhs) {
  std::string name = "%q_" + stem + std::to_string(next_++);
  lines_.push_back(name + " = " + rhs);
  return name;
}

void ProbeContext::raw(const std::string& line) { lines_.push_back(line); }

std::optional<uir::Interval> ProbeContext::interval_of(const std::string& name) const {
  uir::Compiled compiled = uir::compile("gen.uir", join(lines_));
  if (compiled.error) return std::nullopt;
  for (const uir::Stmt& s : compiled.program.stmts)
    if (s.name == name) return s.interval;
  return std::nullopt;
}

int ProbeContext::free_slot() const {
  for (int slot = 0; slot < 64; ++slot)
    if (std::find(used_slots_.begin(), used_slots_.end(), slot) == used_slots_.end()) return slot;
  return -1;
}

std::string ProbeContext::fresh_memory(int length, const std::string& dtype, bool prefer_buffer) {
  int slot = free_slot();
  if (prefer_buffer && slot >= 0 && week >= 2 && c.chance(85)) {
    used_slots_.push_back(slot);
    return def("b", "buffer " + std::to_string(length) + " dtype=" + dtype + " slot=" + std::to_string(slot));
  }
  return def("a", "alloc " + std::to_string(length) + " dtype=" + dtype);
}

std::string ProbeContext::existing_i32_version() const {
  if (latest_i32_versions_.empty()) return "";
  return latest_i32_versions_[c.pick(0, static_cast<int>(latest_i32_versions_.size()) - 1)];
}

const std::vector<ProbeInfo>& probe_catalog() {
  static const std::vector<ProbeInfo> catalog = [] {
    std::vector<ProbeInfo> out;
    for (const ProbeEntry& e : entries()) out.push_back(e.info);
    return out;
  }();
  return catalog;
}

std::optional<ProbeProgram> apply_probe(const std::string& valid_text, int probe, int week, Chooser& chooser) {
  const ProbeEntry& entry = entries()[probe];
  if (week < entry.info.week) return std::nullopt;
  ProbeContext context(split_lines(valid_text), chooser, week);
  if (!entry.build(context)) return std::nullopt;
  ProbeProgram out;
  out.text = join(context.lines());
  out.probe = probe;
  out.rule = entry.info.rule;
  out.line = entry.info.rule ? context.label_line() : 0;
  return out;
}

bool probe_confirmed(const ProbeProgram& probe) {
  uir::Compiled compiled = uir::compile("gen.uir", probe.text);
  if (!probe.rule) return !compiled.error;
  return compiled.error && compiled.error->rule == *probe.rule && compiled.error->line == probe.line;
}

int draw_probe(Chooser& chooser, int week, int index, uint64_t start) {
  const std::vector<ProbeInfo>& catalog = probe_catalog();
  std::map<std::string, std::vector<int>> families;
  for (size_t k = 0; k < catalog.size(); ++k)
    if (catalog[k].week <= week) families[family_of(catalog[k])].push_back(static_cast<int>(k));
  if (families.empty()) return -1;
  // A family with many ways (E-BOUNDS: every op, each side, views of views) comes up once per 8
  // of its ways in the cycle, so its ways are not starved by the families with two or three.
  std::vector<const std::vector<int>*> cycle;
  for (const auto& [name, members] : families)
    for (size_t r = 0; r < std::max<size_t>(1, members.size() / 8); ++r) cycle.push_back(&members);
  const std::vector<int>& family = *cycle[(start + static_cast<uint64_t>(index)) % cycle.size()];
  std::vector<int> weights;
  for (int k : family) weights.push_back(catalog[k].weight);
  return family[chooser.weighted(weights.data(), static_cast<int>(weights.size()))];
}

}  // namespace uirgen
