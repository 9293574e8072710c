#!/bin/sh
# Builds the Haskell student with GHC's threaded runtime, one capability per core (-N).
set -e
ghc -O0 -threaded -rtsopts "-with-rtsopts=-N" -outputdir build -o student-uirc Main.hs
