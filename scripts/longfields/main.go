//go:build unix

// Command longfields measures what long fields cost a first `sync` into a
// store of its own and `summary --no-cache --by donor`: their peak memory
// (ru_maxrss) over the demo's donations, as the demo serves them, with
// every e-mail about 1 kB and every form name about 10 kB (demo-server
// --long-fields), and ten times longer still (--long-fields=10).
//
//	go run ./scripts/longfields [-count 20000]
package main

import (
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"

	"donations/api/demo"
	"donations/internal/program"
)

func main() {
	count := flag.Int("count", 20_000, "donations the demo serves")
	flag.Parse()
	if err := measure(*count); err != nil {
		fmt.Fprintln(os.Stderr, "longfields:", err)
		os.Exit(1)
	}
}

func measure(count int) error {
	bin, remove, err := program.Build("donations-longfields")
	if err != nil {
		return err
	}
	defer remove()
	for _, long := range []int{0, 1, 10} {
		args := []string{"--count", fmt.Sprint(count), fmt.Sprintf("--long-fields=%d", long)}
		for _, cmd := range [][]string{{"sync"}, {"summary", "--no-cache", "--by", "donor"}} {
			peak, err := peakOf(bin, args, cmd)
			if err != nil {
				return err
			}
			fmt.Printf("%s, %d donations, --long-fields=%d: peak %d MB\n", strings.Join(cmd, " "), count, long, peak/1024)
		}
	}
	return nil
}

// peakOf runs the command cmd against a demo server started with args,
// in a home of its own, and gives its peak memory in KiB.
func peakOf(bin string, args, cmd []string) (int64, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	addr := ln.Addr().String()
	ln.Close()
	srv := exec.Command(bin, append([]string{"demo-server", "--addr", addr}, args...)...)
	if err := srv.Start(); err != nil {
		return 0, err
	}
	defer func() { _ = srv.Process.Kill(); _ = srv.Wait() }()
	for i := 0; ; i++ {
		if conn, err := net.Dial("tcp", addr); err == nil {
			conn.Close()
			break
		}
		if i == 200 {
			return 0, fmt.Errorf("the demo server did not start on %s", addr)
		}
		time.Sleep(20 * time.Millisecond)
	}
	home, err := os.MkdirTemp("", "longfields-home")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(home)
	c := exec.Command(bin, append(cmd, "--base-url", "http://"+addr, "--username", demo.DefaultLogin)...)
	c.Env = append(os.Environ(), "DONATIONS_API_KEY="+demo.DefaultKey, "HOME="+home,
		"XDG_CONFIG_HOME=", "XDG_DATA_HOME=", "XDG_STATE_HOME=", "XDG_CACHE_HOME=")
	c.Stdout, c.Stderr = io.Discard, os.Stderr
	if err := c.Run(); err != nil {
		return 0, fmt.Errorf("%s: %w", cmd[0], err)
	}
	if u, ok := c.ProcessState.SysUsage().(*syscall.Rusage); ok {
		return u.Maxrss, nil
	}
	return 0, fmt.Errorf("no peak memory on this system")
}
