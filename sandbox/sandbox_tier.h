// Which isolation tier grades a student (`--sandbox auto|namespaces|uid|none`), chosen once per run,
// and the line every report starts with to say which one was in force.
//   namespaces: bubblewrap's new mount, PID, network, IPC and UTS namespaces over a minimal root
//               (sandbox/bwrap_root.h), plus a borrowed uid when the grader is root;
//   uid:        root without namespaces (a default Docker container): a borrowed uid, rlimits, a
//               private working directory, and the grader's paths checked unreadable by that uid;
//   none:       the grader's own identity and rlimits only; only when asked for, and every report
//               warns that its scores can be forged.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace uirgrade {

/// What `--sandbox` asks for.
enum class Sandbox { Auto, Namespaces, Uid, None };

/// What is in force.
enum class Tier { Namespaces, Uid, None };

std::string_view tier_name(Tier tier);

/// Parses `auto`, `namespaces` (or its old name `bwrap`), `uid` or `none`.
std::optional<Sandbox> parse_sandbox(std::string_view text);

struct TierChoice {
  std::optional<Tier> tier;
  std::string error;  // when no tier: why, and what to do
};

/// The tier for `requested`: auto takes namespaces when they work, else uid when root, and refuses
/// otherwise (an unprivileged grader without namespaces cannot keep a student from its own files).
TierChoice choose_tier(Sandbox requested, bool namespaces_usable, const std::string& why_not_namespaces,
                       bool root);

/// The warning every report of a `--sandbox none` run carries.
std::string_view unisolated_warning();

}  // namespace uirgrade
