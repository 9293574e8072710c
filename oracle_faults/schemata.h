// The run-time switches of the oracle's fault schemata (oracle_faults/make_schemata.py): each
// fault site of the faulty copies calls one of these with its first fault's id, and computes
// what the original code does unless `g_active` names one of its faults. Force-included into the
// copies only (-include; a faulty header's copy includes it itself), so the oracle never sees it.
#pragma once
#pragma GCC system_header  // the templates compare and add whatever the sites do: no warnings here

#include <optional>
#include <vector>

namespace uir {
struct Compiled;
struct RunResult;
struct SlotData;
}  // namespace uir

namespace oracle_faults::schemata {

/// The fault switched on: 0 for none (the copies are then exactly the oracle).
extern int g_active;

/// With a fault on, programs run on the interpreter that never trusts them (mutation/mutant_run.h),
/// so that a faulty validator cannot crash the tool by letting an out-of-bounds program through to
/// the fast runner (make_schemata.py patches it into run.cc's copy).
std::optional<uir::RunResult> distrusting_run(const uir::Compiled& compiled, const std::vector<uir::SlotData>& inputs);

inline bool on(int id) { return g_active == id; }

/// How many calls of the student's `run` (oracle/cli_run.cc) are under way in this thread. The
/// sites of a file whose code the judge shares with the student (oracle/data.cc: the judge parses
/// the student's stdout with the function that reads the student's stdin) are switched on only
/// inside it, so that a fault there is a student's mistake and never the judge's.
extern thread_local int g_student_side;

/// Marks a student's `run` under way for as long as it lives (make_schemata.py patches it into
/// cli_run's copy).
struct StudentSide {
  StudentSide() { ++g_student_side; }
  ~StudentSide() { --g_student_side; }
  StudentSide(const StudentSide&) = delete;
  StudentSide& operator=(const StudentSide&) = delete;
};

#include "oracle_faults/schemata_switches.inc"

/// The same switches for the shared files' sites: on only inside a student's `run`.
namespace student_side {

inline bool on(int id) { return g_active == id && g_student_side > 0; }

#include "oracle_faults/schemata_switches.inc"

}  // namespace student_side

}  // namespace oracle_faults::schemata
