// The grader's test seams. A security test shows an attack working against a deliberately weakened
// grader before it shows the real grader blocking it; each switch here turns off one defence for
// that. The CLI never sets one.
//
// Two structs, one for each object that obeys them, rather than a field in GradeConfig and CCompiler
// for each switch (as before issue 37): a reader of those types then reads only what the grader
// uses, and every weakening of this layer is listed in this one file. They are two, not one, because
// a GradeConfig is copied into every test's run while a CCompiler is made once and shared: a switch
// given to the object that does not read it would be silently ignored, and the compiler says so
// instead. The sandbox's own are in sandbox/weakenings.h.
#pragma once

namespace uirgrade {

/// Read through GradeConfig::weakened, by each test's run (grader/student_run.cc).
struct GradingWeakenings {
  /// The student is handed the whole test file, headers included, instead of student_program()
  /// (spec §7), to show what blanking prevents.
  bool hand_over_whole_file = false;
  /// The render rules and `# render: loops=N` are checked on the C's text only, not on the
  /// preprocessed unit and gcc's call graph (render/call_graph.h), to show what those stop.
  bool text_only_render_rules = false;
  /// None of the pure-kernel checks of spec §6.2 (the text, the preprocessed unit and call graph,
  /// the compiled object), to show what they stop.
  bool no_pure_kernel_checks = false;
  /// The driver calls kernel without locking the process down first (oracle/kernel_lockdown.h), to
  /// show what the lockdown stops.
  bool no_kernel_lockdown = false;
  /// A `# render: work` kernel's counted run is not compared with the oracle (its figure stands
  /// whatever it computed when counted), as before issue 39, to show what the comparison stops.
  bool counted_run_not_compared = false;
};

/// Given to CCompiler's test-only constructor (grader/render/c_compile.h).
struct CompilerWeakenings {
  /// Compiled kernels and their cache in a directory every uid may list and read (0755), and each
  /// kernel run from there by its path, as before issue 22, to show what a private cache prevents.
  bool share_compiled_kernels = false;
  /// Every outcome is kept for the compiler's lifetime, its products in memory and its binary on
  /// disk, as the cache of every kernel did before issue 39, to show the growth that dropping them
  /// prevents.
  bool keep_every_compile = false;
};

}  // namespace uirgrade
