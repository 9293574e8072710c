# The layering of docs/architecture.md, checked on the sources (cmake -P, run by the build before
# any library compiles, and by ctest as `layering`): a file of folder F may include the headers of F
# and of the folders LAYER_F names below it, nothing else of the repository. Tests (*_test.cc) and
# mains (*_main.cc) follow their folder's rule too, so uirgen_main.cc cannot reach into grader/. A
# folder's stage subfolders (grader/render/, ...) are the folder: a file there is in its layer and
# includes by the same rule (`#include "grader/render/c_compile.h"` is of folder grader/). What is
# under testdata/ is not checked: the students and programs the tests use include nothing of ours.
#
#   cmake -DSOURCE_DIR=... "-DLAYERS=oracle=|testcase=oracle|mutation=oracle,testcase|..." [-DSTAMP=file]
#         -P check_layers.cmake
cmake_minimum_required(VERSION 3.20)

string(REPLACE "|" ";" LAYERS "${LAYERS}")

set(problems "")
set(checked_folders "")
foreach(layer IN LISTS LAYERS)
  string(REPLACE "=" ";" parts "${layer}")
  list(GET parts 0 folder)
  list(LENGTH parts count)
  set(below "")
  if(count GREATER 1)
    list(GET parts 1 below)
    string(REPLACE "," ";" below "${below}")
  endif()
  list(APPEND checked_folders ${folder})
  set(allowed ${folder} ${below})
  file(GLOB files "${SOURCE_DIR}/${folder}/*.h" "${SOURCE_DIR}/${folder}/*.cc" "${SOURCE_DIR}/${folder}/*.def"
                  "${SOURCE_DIR}/${folder}/*/*.h" "${SOURCE_DIR}/${folder}/*/*.cc" "${SOURCE_DIR}/${folder}/*/*.def")
  list(FILTER files EXCLUDE REGEX "/${folder}/testdata/")
  foreach(file IN LISTS files)
    file(STRINGS "${file}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"[A-Za-z_0-9]+/")
    foreach(line IN LISTS includes)
      string(REGEX MATCH "\"([A-Za-z_0-9]+)/[^\"]*\"" header "${line}")
      set(target_folder "${CMAKE_MATCH_1}")
      list(FIND allowed "${target_folder}" at)
      if(at EQUAL -1)
        file(RELATIVE_PATH relative "${SOURCE_DIR}" "${file}")
        string(REPLACE ";" ", " allowed_text "${allowed}")
        string(APPEND problems "  ${relative} includes ${header}: ${folder}/ may include only ${allowed_text}\n")
      endif()
    endforeach()
  endforeach()
endforeach()

if(problems)
  message(FATAL_ERROR "An include points up or sideways (docs/architecture.md, Layers):\n${problems}")
endif()
if(STAMP)
  file(TOUCH "${STAMP}")
endif()
