// A student's own start-up mistakes, each named with its fix; what starts is left alone.
#include "grader/startup_check.h"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

namespace fs = std::filesystem;

class StartupCheck : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("uirgrade-startup-" + std::to_string(getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  /// The problem of a student-uirc holding `bytes`.
  std::optional<std::string> problem_of(const std::string& bytes) {
    std::ofstream(dir_ / "student-uirc", std::ios::binary) << bytes;
    return student_startup_problem((dir_ / "student-uirc").string());
  }
  fs::path dir_;
};

TEST_F(StartupCheck, WhatStartsIsLeftAlone) {
  EXPECT_EQ(problem_of("#!/bin/sh\nexec true\n"), std::nullopt);
  EXPECT_EQ(problem_of("#! /usr/bin/env python3\n"), std::nullopt);
  EXPECT_EQ(problem_of(std::string("\x7f" "ELF\x02\x01\x01", 7)), std::nullopt);
  EXPECT_EQ(student_startup_problem((dir_ / "no-such-file").string()), std::nullopt) << "the roster says missing";
  EXPECT_EQ(student_startup_problem(dir_.string()), std::nullopt) << "a folder is the roster's to name";
}

TEST_F(StartupCheck, EachMistakeIsNamedWithItsFix) {
  std::optional<std::string> empty = problem_of("");
  ASSERT_TRUE(empty);
  EXPECT_NE(empty->find("is empty"), std::string::npos) << *empty;
  std::optional<std::string> windows = problem_of("#!/bin/sh\r\necho hi\r\n");
  ASSERT_TRUE(windows);
  EXPECT_NE(windows->find("dos2unix student-uirc"), std::string::npos) << *windows;
  std::optional<std::string> no_line = problem_of("print('hello')\n");
  ASSERT_TRUE(no_line);
  EXPECT_NE(no_line->find("has no #! line"), std::string::npos) << *no_line;
  std::optional<std::string> nothing_named = problem_of("#!   \nfoo\n");
  ASSERT_TRUE(nothing_named);
  EXPECT_NE(nothing_named->find("names no interpreter"), std::string::npos) << *nothing_named;
  std::optional<std::string> absent = problem_of("#!/usr/local/bin/python3.99 -u\n");
  ASSERT_TRUE(absent);
  EXPECT_NE(absent->find("/usr/local/bin/python3.99 does not exist on the grading machine"), std::string::npos) << *absent;
}

TEST_F(StartupCheck, ControlCharactersInTheFirstLineArePrintedEscaped) {
  std::optional<std::string> odd = problem_of("#!/bin/\x1b[31mevil\r\n");
  ASSERT_TRUE(odd);
  EXPECT_EQ(odd->find('\x1b'), std::string::npos) << "a terminal escape reached the message";
}

TEST_F(StartupCheck, AFifoIsNeverOpenedForReadingUntilAWriterComes) {
  ASSERT_EQ(mkfifo((dir_ / "student-uirc").c_str(), 0755), 0);
  // O_NONBLOCK: the open returns at once; a FIFO is not a regular file and is not diagnosed.
  EXPECT_EQ(student_startup_problem((dir_ / "student-uirc").string()), std::nullopt);
}

}  // namespace
}  // namespace uirgrade
