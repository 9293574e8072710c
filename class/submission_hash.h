// The submission half of a class run's resume key: what the student handed in, such that any change
// that can change the grade changes the hash (a file's content, a file added or removed, an exec
// bit set with chmod +x, a link pointed elsewhere), while nothing the student put there can make
// hashing hang or take the grader's memory: links are never followed, FIFOs, devices and sockets are
// never opened (their type and mode are hashed), and regular files are streamed in pieces, at most
// as many bytes as their size says (a /proc file says 0).
#pragma once

#include <string>

#include "class/class_roster.h"

namespace uirgrade {

/// SHA-256 (hex) of the submission: for every entry of the folder in name order (or the compiler
/// alone) its relative name, type, permission bits, and its link target or content.
std::string submission_hash(const Submission& submission);

}  // namespace uirgrade
