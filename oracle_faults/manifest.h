// The faults of the oracle's schemata as make_schemata.py lists them (BUILD/schemata/manifest.tsv),
// and the checked-in record of those shown equivalent (oracle_faults/equivalent_faults.tsv).
#pragma once

#include <string>
#include <variant>
#include <vector>

namespace oracle_faults {

struct OracleFault {
  int id = 0;               // the value of schemata::g_active that switches it on
  std::string file;         // "oracle/intervals.cc"
  int line = 0;
  std::string function;     // "OpRules::bounds": the function the site is in
  std::string op;           // "ror", "stmt-delete", ... (make_schemata.py's list)
  std::string original;     // "lo < INT32_MIN"
  std::string faulty;       // "lo <= INT32_MIN"
  std::string source_line;  // the line as written, spaces squeezed
  std::string equivalent_because;  // from the equivalents record; empty: not recorded as equivalent
};

/// One entry of the equivalents record. It names faults by file, function, operator, original and
/// faulty text and the source line as written (not by line number or id, which move whenever the
/// oracle is edited; an edit of the line itself makes the entry stale, and the argument must be made
/// again); "*" in any field but the file matches anything, so one entry can cover a whole function,
/// and "re:X" matches a value the regular expression X (ECMAScript) matches whole, for a class of
/// sites (every fault within an error message's arguments, say).
/// An entry covers every fault it matches, which its `why` must hold for. An operator written
/// `OP#N` covers only the N-th of them in manifest order: for sites whose text is the same (two `0`s
/// on one line, one loop header written three times in a function); the manifest numbers sites in
/// file order, so an edit that adds such a site before it moves N (and the test that every recorded
/// fault goes undetected by the week catches a move onto a detected one).
struct Equivalent {
  std::string file, function, op, original, faulty, source_line, why;
  int record_line = 0;  // its line in the record, for messages
};

/// "FILE:LINE: message" on a malformed file.
using LoadError = std::string;

std::variant<std::vector<OracleFault>, LoadError> read_manifest(const std::string& path);
std::variant<std::vector<Equivalent>, LoadError> read_equivalents(const std::string& path);

/// Fills each fault's equivalent_because; returns the record's entries that match no fault
/// (stale: the code they describe has changed).
std::vector<Equivalent> apply_equivalents(std::vector<OracleFault>& faults, const std::vector<Equivalent>& record);

}  // namespace oracle_faults
