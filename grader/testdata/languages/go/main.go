// A correct student compiler in Go: goroutines for its front end (and the runtime's garbage
// collector beside them), its own file read from beside it, and a child process, the native core
// that computes the language (core/uirc-core).
package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

// setting is the value of `key=value` in the student's own configuration file.
func setting(file, key string) (string, error) {
	text, err := os.ReadFile(file)
	if err != nil {
		return "", err
	}
	scanner := bufio.NewScanner(bytes.NewReader(text))
	for scanner.Scan() {
		if line := scanner.Text(); strings.HasPrefix(line, key+"=") {
			return strings.TrimSpace(strings.TrimPrefix(line, key+"=")), nil
		}
	}
	return "", fmt.Errorf("%s has no %s", file, key)
}

func compile(command, program, core string) int {
	// The front end: each line tokenised on a goroutine of its own.
	text, _ := os.ReadFile(program)
	var wg sync.WaitGroup
	var mu sync.Mutex
	tokens := 0
	for _, line := range strings.Split(string(text), "\n") {
		wg.Add(1)
		go func(line string) {
			defer wg.Done()
			n := len(strings.Fields(line))
			mu.Lock()
			tokens += n
			mu.Unlock()
		}(line)
	}
	wg.Wait()
	if tokens < 0 {
		return 3
	}
	child := exec.Command(core, command, program)
	child.Stdin, child.Stderr = os.Stdin, os.Stderr
	var c bytes.Buffer
	if command == "run" {
		child.Stdout = os.Stdout
	} else {
		child.Stdout = &c
	}
	err := child.Run()
	os.Stdout.Write(c.Bytes())
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "the core does not start:", err)
		return 3
	}
	return 0
}

// hog, which no grader sends: memory held without end, for the memory-limit test.
func hog() {
	var held [][]byte
	for {
		block := make([]byte, 1<<20)
		for i := range block {
			block[i] = 1
		}
		held = append(held, block)
	}
}

func main() {
	if len(os.Args) == 3 && os.Args[1] == "hog" {
		hog()
	}
	if len(os.Args) != 3 || (os.Args[1] != "run" && os.Args[1] != "render") {
		fmt.Fprintln(os.Stderr, "usage: student-uirc run|render PROG.uir")
		os.Exit(2)
	}
	self, _ := os.Executable()
	here := filepath.Dir(self)
	name, err := setting(filepath.Join(here, "uirc.conf"), "core")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	os.Exit(compile(os.Args[1], os.Args[2], filepath.Join(here, name)))
}
