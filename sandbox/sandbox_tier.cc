#include "sandbox/sandbox_tier.h"

#include <fmt/format.h>

namespace uirgrade {

std::string_view tier_name(Tier tier) {
  switch (tier) {
    case Tier::Namespaces: return "namespaces";
    case Tier::Uid: return "uid";
    case Tier::None: return "none";
  }
  return "?";
}

std::optional<Sandbox> parse_sandbox(std::string_view text) {
  if (text == "auto") return Sandbox::Auto;
  if (text == "namespaces" || text == "bwrap") return Sandbox::Namespaces;
  if (text == "uid") return Sandbox::Uid;
  if (text == "none") return Sandbox::None;
  return std::nullopt;
}

TierChoice choose_tier(Sandbox requested, bool namespaces_usable, const std::string& why_not_namespaces,
                       bool root) {
  switch (requested) {
    case Sandbox::None: return {Tier::None, ""};
    case Sandbox::Namespaces:
      if (namespaces_usable) return {Tier::Namespaces, ""};
      return {std::nullopt, "--sandbox namespaces: bubblewrap cannot be used here: " + why_not_namespaces};
    case Sandbox::Uid:
      if (root) return {Tier::Uid, ""};
      return {std::nullopt, "--sandbox uid needs a grader running as root (it runs each student as a borrowed uid)"};
    case Sandbox::Auto:
      if (namespaces_usable) return {Tier::Namespaces, ""};
      if (root) return {Tier::Uid, ""};
      return {std::nullopt,
              fmt::format("no isolation is possible: bubblewrap cannot be used ({}) and the grader is not root, "
                          "so it cannot run students under another uid. Run the grader as root (the uid tier), "
                          "allow unprivileged user namespaces (the namespaces tier), or pass --sandbox none to "
                          "grade with the student's code running as you (its scores can then be forged)",
                          why_not_namespaces)};
  }
  return {std::nullopt, "unknown --sandbox"};
}

std::string_view unisolated_warning() {
  return "WARNING: --sandbox none: the student's code ran with the grader's own rights; it could read "
         "the hidden tests and rewrite this report, so these scores can be forged";
}

}  // namespace uirgrade
