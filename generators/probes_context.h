// What a probe builder works with (internal to generators/probes*.cc): the valid program's lines,
// the statements the probe appends under fresh names, the label it sets, and the oracle's interval
// of a value the probe wrote (compiled from the text so far, so sizes and shifts put a view
// exactly on, or one past, the edge the oracle proves).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "generators/chooser.h"
#include "generators/probes.h"
#include "oracle/program.h"

namespace uirgen {

class ProbeContext {
 public:
  ProbeContext(std::vector<std::string> lines, Chooser& chooser, int week);

  Chooser& c;
  int week;

  /// Appends `%q_<stem><n> = rhs` and returns the name.
  std::string def(const std::string& stem, const std::string& rhs);
  /// Appends a line as it is (a function block's lines, an assert).
  void raw(const std::string& line);
  /// The line of the statement appended last becomes the label.
  void label_last() { label_line_ = static_cast<int>(lines_.size()); }
  int label_line() const { return label_line_; }
  const std::vector<std::string>& lines() const { return lines_; }

  /// The oracle's interval of `name`, compiling the text so far (nullopt when it does not compile).
  std::optional<uir::Interval> interval_of(const std::string& name) const;
  /// A slot no buffer of the program uses (-1: none).
  int free_slot() const;
  /// A fresh memory: a buffer at a free slot (an output) when one is free and the coin says so,
  /// else an alloc.
  std::string fresh_memory(int length, const std::string& dtype = "i32", bool prefer_buffer = true);
  /// The latest version outside loops of one of the valid program's i32 memories (data for
  /// offsets: nothing stores into it later), or "" when it has none.
  std::string existing_i32_version() const;

 private:
  std::vector<std::string> lines_;
  std::vector<int> used_slots_;
  std::vector<std::string> latest_i32_versions_;
  int label_line_ = 0;
  int next_ = 0;
};

/// "shape=[]" for 1, "shape=[k]" otherwise.
std::string shape_attr(int k);

// The families of probes, one file each. Each returns its entries (ProbeInfo + builder).
using ProbeBuilder = bool (*)(ProbeContext&);
struct ProbeEntry {
  ProbeInfo info;
  ProbeBuilder build;
};
std::vector<ProbeEntry> interval_probes();  // probes_intervals.cc: E-BOUNDS, E-DIV-ZERO, near misses
std::vector<ProbeEntry> version_probes();   // probes_versions.cc: stores, afters, ends, effects, load order
std::vector<ProbeEntry> two_rule_probes();  // probes_two_rules.cc: §8's order between two broken rules

}  // namespace uirgen
