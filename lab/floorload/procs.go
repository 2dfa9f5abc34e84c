package floorload

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"
)

// child is one program the campaign runs (a machine or a floor), its output
// appended to NAME.log in the working directory; lines, if not nil, also sees
// each line of its standard output as it comes.
type child struct {
	name string
	cmd  *exec.Cmd
	log  *os.File
	done chan struct{} // closed when it has exited and its output is read
}

func startChild(dir, name string, cmd *exec.Cmd, lines func(string, time.Time)) (*child, error) {
	f, err := os.OpenFile(filepath.Join(dir, name+".log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	cmd.Stderr = f
	var out io.ReadCloser
	if lines == nil {
		cmd.Stdout = f
	} else if out, err = cmd.StdoutPipe(); err != nil {
		f.Close()
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		f.Close()
		return nil, fmt.Errorf("floorload: start %s: %w", name, err)
	}
	c := &child{name: name, cmd: cmd, log: f, done: make(chan struct{})}
	go func() {
		if out != nil {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				lines(sc.Text(), time.Now())
				fmt.Fprintln(f, sc.Text())
			}
		}
		cmd.Wait()
		close(c.done)
	}()
	return c, nil
}

// stop signals the child and waits for it (SIGKILL after 20 s).
func (c *child) stop(sig syscall.Signal) {
	if c == nil {
		return
	}
	c.cmd.Process.Signal(sig)
	select {
	case <-c.done:
	case <-time.After(20 * time.Second):
		c.cmd.Process.Kill()
		<-c.done
	}
	c.log.Close()
}

// exited tells whether the child has exited.
func (c *child) exited() bool {
	select {
	case <-c.done:
		return true
	default:
		return false
	}
}
