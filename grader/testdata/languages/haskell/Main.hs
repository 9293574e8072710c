-- A correct student compiler in Haskell: GHC's threaded runtime with one capability per core (its
-- parallel garbage collector too), the front end on a thread of its own, its own file read from
-- beside it, and a child process, the native core that computes the language (core/uirc-core).
module Main (main) where

import Control.Concurrent (forkIO)
import Control.Concurrent.MVar (newEmptyMVar, putMVar, takeMVar)
import Control.Exception (evaluate)
import Control.Monad (forever)
import Data.IORef (modifyIORef', newIORef)
import qualified Data.ByteString as B
import Data.List (isPrefixOf)
import System.Environment (getArgs, getExecutablePath)
import System.Exit (ExitCode (..), exitWith)
import System.FilePath (takeDirectory, (</>))
import System.IO (hPutStrLn, stderr, stdout, hFlush)
import System.Process

-- The value of `key=value` in the student's own configuration file.
setting :: FilePath -> String -> IO String
setting file key = do
  text <- readFile file
  case [drop (length key + 1) line | line <- lines text, (key ++ "=") `isPrefixOf` line] of
    value : _ -> return (takeWhile (/= ' ') value)
    [] -> ioError (userError (file ++ " has no " ++ key))

compile :: String -> FilePath -> FilePath -> IO ExitCode
compile command program core = do
  done <- newEmptyMVar
  _ <- forkIO $ do
    text <- readFile program
    tokens <- evaluate (length (concatMap words (lines text)))
    putMVar done tokens
  tokens <- takeMVar done
  if tokens < 0
    then return (ExitFailure 3)
    else if command == "run"
      then do
        (_, _, _, child) <- createProcess (proc core [command, program])
        waitForProcess child
      else do
        (_, Just out, _, child) <- createProcess (proc core [command, program]) {std_out = CreatePipe}
        c <- B.hGetContents out
        B.hPut stdout c
        hFlush stdout
        waitForProcess child

-- `hog`, which no grader sends: memory held without end, for the memory-limit test.
hog :: IO ()
hog = do
  held <- newIORef []
  forever $ do
    block <- evaluate (B.replicate (1024 * 1024) 1)
    modifyIORef' held (block :)

main :: IO ()
main = do
  args <- getArgs
  case args of
    ["hog", _] -> hog
    [command, program] | command `elem` ["run", "render"] -> do
      here <- takeDirectory <$> getExecutablePath
      core <- (here </>) <$> setting (here </> "uirc.conf") "core"
      compile command program core >>= exitWith
    _ -> do
      hPutStrLn stderr "usage: student-uirc run|render PROG.uir"
      exitWith (ExitFailure 2)
