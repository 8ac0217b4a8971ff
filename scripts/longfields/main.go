//go:build unix

// Command longfields measures what long fields cost `summary --no-cache
// --by donor`: its peak memory (ru_maxrss) over the demo's donations, as
// the demo serves them, with every e-mail about 1 kB and every form name
// about 10 kB (demo-server --long-fields), and ten times longer still
// (--long-fields=10): flat in field length, the last two are alike.
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
		peak, err := summaryPeak(bin, args)
		if err != nil {
			return err
		}
		fmt.Printf("summary --no-cache --by donor, %d donations, --long-fields=%d: peak %d MB\n", count, long, peak/1024)
	}
	return nil
}

// summaryPeak runs the summary against a demo server started with args
// and gives its peak memory in KiB.
func summaryPeak(bin string, args []string) (int64, error) {
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
	c := exec.Command(bin, "summary", "--no-cache", "--by", "donor", "--base-url", "http://"+addr, "--username", demo.DefaultLogin)
	c.Env = append(os.Environ(), "DONATIONS_API_KEY="+demo.DefaultKey)
	c.Stdout, c.Stderr = io.Discard, os.Stderr
	if err := c.Run(); err != nil {
		return 0, fmt.Errorf("summary: %w", err)
	}
	if u, ok := c.ProcessState.SysUsage().(*syscall.Rusage); ok {
		return u.Maxrss, nil
	}
	return 0, fmt.Errorf("no peak memory on this system")
}
