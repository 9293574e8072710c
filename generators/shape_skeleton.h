// A small program skeleton of week 3 (issue 36) and the one program it stands for. A skeleton is a
// loop forest (at most 4 loops, at most 3 deep), for each loop the ranges its store uses, a few
// layout choices and at most one twist: a construct placed at one or two of its loops that takes the
// program into a shape (a load of another loop's buffer, a reset version, a store at the top) or one
// step outside a rule (a second store into a version, a second end, a bound from a range, ...).
// Every loop L stores into its own buffer %bL (i32, 12 elements, slot L + 1) at the flat index of the
// ranges it uses; %in (slot 0) is read only. The writer does not judge: the oracle says what the
// program is (generators/enumerate_shapes.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace uirgen {

enum class Twist : uint8_t {
  None,
  OwnStoreUnused,    // a: loop a's store does not use a's own range
  TopStore,          // a store outside every loop into a fresh buffer (a < 0), or into loop a's buffer
  ShareVersion,      // loop b stores into loop a's buffer (the same version)
  SecondStore,       // loop a stores twice through its own view (E-STORE-TWICE in one loop body)
  LoadConstant,      // loop a adds a load of element 0 of loop b's buffer (b < 0: of %in)
  LoadOwnIndex,      // loop a adds a load of loop b's buffer (b < 0: %in) at a's own index
  LoadBoth,          // loop a loads loop b's buffer at a's index, and element 0 after b's nest (E-LOAD-ORDER)
  ResetInLoop,       // loop a stores 0 into its element, then into the version after that reset
  ResetForChild,     // loop a resets its element; its child b stores into the reset version
  Fork,              // ResetInLoop with a second after on the same version (E-VERSION-FORK)
  AfterWrongBuffer,  // loop a makes an after of %in through its own store (E-AFTER-NO-STORE)
  DeadStore,         // loop a also stores into a buffer of its own that no end lists (E-DEAD-EFFECT)
  BoundFromParent,   // loop a's bound is its parent's range plus 2 (E-OPEN-RANGE)
  AssertInLoop,      // an assert on loop a's index (E-OPEN-RANGE)
  EndTwice,          // loop a's range closed by a second end (E-END-TWICE)
};

struct Skeleton {
  std::vector<int> parent;      // per loop, in pre-order: its parent loop, -1 at the top
  std::vector<unsigned> uses;   // per loop: bit k set when its store uses loop k's range (itself and ancestors only)
  int value_ops = 1;            // 1..3 ops between the index and the stored value
  int rotation = 0;             // every end's list of effects rotated left by this much
  bool ends_by_use = false;     // a loop's end is listed by its deepest ancestor whose range it has open,
                                // instead of by its parent always (then a missing use is E-END-UNUSED)
  bool afters_only_when_complete = false;  // an output after only for a buffer whose stores use the
                                           // outermost range of their nest (else E-AFTER-NO-STORE)
  bool body_after_children = false;        // a loop's own statements after its nested loops
  Twist twist = Twist::None;
  int a = -1, b = -1;           // the twist's loops

  int depth(int loop) const;    // 1 at the top
};

/// The skeleton's program (no header line); "" when the twist does not apply to these loops.
std::string skeleton_text(const Skeleton& skeleton);

/// One line naming the skeleton, for a generated file's first comment.
std::string describe(const Skeleton& skeleton);

}  // namespace uirgen
