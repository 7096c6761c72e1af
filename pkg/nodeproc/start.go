package nodeproc

import (
	"fmt"
	"io"
	"os"
	"os/exec"
)

// Process is a Node process docsd talks to over its stdin and stdout, its stderr kept (Stderr)
// to say why it stopped.
type Process struct {
	Cmd    *exec.Cmd
	Stdin  io.WriteCloser
	Stdout io.ReadCloser
	Stderr *Stderr
}

// Start runs Node with args, in docsd's environment for Node (Env) and extra. need says what
// needs Node ("compiling MDX needs Node.js on the PATH") and name what the process is ("starting
// the MDX compiler"), for the errors.
func Start(need, name string, extra []string, args ...string) (*Process, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, fmt.Errorf("%s needs Node.js on the PATH: %w", need, err)
	}
	cmd := exec.Command(node, args...)
	cmd.Env = append(Env(os.Environ()), extra...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	stderr := &Stderr{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %w", name, err)
	}
	return &Process{Cmd: cmd, Stdin: stdin, Stdout: stdout, Stderr: stderr}, nil
}
