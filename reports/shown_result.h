// What every report shows of a TestResult: each text a student can influence (the message quotes
// its stderr, the details its output) escaped and bounded by the display policy of display_text.h,
// so that the text, JSON, JUnit and Gradescope reports agree and none grows with what a student
// prints. A writer reads a result's texts only through this.
#pragma once

#include <string>

#include "grader/result.h"

namespace uirgrade {

struct ShownResult {
  std::string name;       // one line
  std::string message;    // one line
  std::string details;    // a block
  std::string reproduce;  // a block
  std::string description;        // a block
  std::string context;            // a block
  std::string minimized;          // a block
  std::string minimized_message;  // one line
  std::string student_said;       // one line
};

ShownResult shown_result(const TestResult& result);

/// The details with the minimised program after them, for the reports that show one text per failure.
std::string details_and_minimized(const ShownResult& shown);

}  // namespace uirgrade
