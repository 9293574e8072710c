#!/bin/sh
# Builds the OCaml student to native code, with the compiler's own unix and threads libraries.
set -e
ocamlopt -I +threads unix.cmxa threads.cmxa main.ml -o student-uirc
