// The sandbox line every report format starts with (report.h).
#include "reports/report.h"

namespace uirgrade {

std::string sandbox_line(const RunInfo& info) {
  return "Sandbox: " + (info.isolation.empty() ? std::string("not recorded") : info.isolation);
}

}  // namespace uirgrade
