// Command perf measures the built program against the obvious alternatives,
// side by side in one run on this machine, and prints one table of ratios.
// The machines are shared and noisy, so every figure is a median of
// repeated runs, with the two commands of a pair run alternately.
//
//	go run ./scripts/perf [-runs 9] [-store FILE]
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"

	"donations/api/demo"
	"donations/internal/program"
)

func main() {
	runs := flag.Int("runs", 9, "runs of each command for target 1 (fewer for the long ones)")
	only := flag.Int("only", 0, "run only the Nth comparison (1-based), for a quick look")
	flag.Parse()
	if *peerURL != "" {
		if err := peer(*peerURL, *peerOut); err != nil {
			fmt.Fprintln(os.Stderr, "perf: the plain loop:", err)
			os.Exit(1)
		}
		return
	}
	if *only > 0 && *only <= len(comparisons) {
		comparisons = comparisons[*only-1 : *only]
	}
	if err := measure(*runs); err != nil {
		fmt.Fprintln(os.Stderr, "perf:", err)
		os.Exit(1)
	}
}

type row struct{ target, ours, theirs, ratio, goal string }

// A comparison runs its own servers and returns its rows. Each is one
// function, so a new target is one more function and one line in comparisons.
type comparison func(bin string, runs int) ([]row, error)

var comparisons = []comparison{firstPage, export, exportRateLimited, newest, firstSync, offline, ask, budgetedSync, local, bulkSync, engine, kindsSync}

// storeFile is a store synced by scripts/scale for the local comparisons:
//
//	go run ./scripts/scale -count 1000000 -store DIR/donations/scale@127.0.0.1_9.db
//	go run ./scripts/perf -only 9 -store DIR/donations/scale@127.0.0.1_9.db
var storeFile = flag.String("store", "", "a store synced by scripts/scale, named DIR/donations/"+scaleUser+"@127.0.0.1_9.db, for the comparisons against sqlite3 (none: skipped)")

func measure(runs int) error {
	bin, remove, err := program.Build("donations-perf")
	if err != nil {
		return err
	}
	defer remove()
	if _, err := exec.LookPath("curl"); err != nil {
		return fmt.Errorf("needs curl (apt-get install curl)")
	}
	var rows []row
	for _, c := range comparisons {
		r, err := c(bin, runs)
		if err != nil {
			return err
		}
		rows = append(rows, r...)
	}
	fmt.Printf("%-72s %-22s %-22s %-7s %s\n", "target", "donations", "alternative", "ratio", "goal")
	for _, r := range rows {
		fmt.Printf("%-72s %-22s %-22s %-7s %s\n", r.target, r.ours, r.theirs, r.ratio, r.goal)
	}
	return nil
}

// firstPage: process start to the first page, against curl.
func firstPage(bin string, runs int) ([]row, error) {
	stop, url, err := server(bin, "--count", "5000", "--latency", "50ms")
	if err != nil {
		return nil, err
	}
	defer stop()
	ours, theirs := pair(runs,
		cmd(bin, "list", "--pages", "1", "--format", "ndjson", "--base-url", url, "--username", demo.DefaultLogin),
		exec.Command("curl", "-sf", "-u", demo.DefaultLogin+":"+demo.DefaultKey, url+"/api/v1/donations?page=1"))
	return []row{{"1. first page, 50 ms latency: list --pages 1 vs curl", ms(ours), ms(theirs), ratio(ours, theirs), "≤ 1.02"}}, nil
}

// export: a whole account of 200 pages at 30 ms, 4 at once vs one at a time.
func export(bin string, runs int) ([]row, error) {
	stop, url, err := server(bin, "--count", "20000", "--latency", "30ms")
	if err != nil {
		return nil, err
	}
	defer stop()
	base := []string{"list", "--format", "ndjson", "--base-url", url, "--username", demo.DefaultLogin}
	ours, theirs := pair(max(3, runs/3), cmd(bin, base...), cmd(bin, append(base, "--concurrency", "1")...))
	return []row{{"2. export 20,000 (200 pages), 30 ms: 4 at once vs one page at a time", ms(ours), ms(theirs), ratio(ours, theirs), "≤ 0.35"}}, nil
}

// exportRateLimited: the same export under a budget of 100 requests a
// second: paced, never refused.
func exportRateLimited(bin string, _ int) ([]row, error) {
	stop, url, err := server(bin, "--count", "20000", "--latency", "30ms", "--rate-limit", "100", "--rate-window", "1s")
	if err != nil {
		return nil, err
	}
	defer stop()
	log, elapsed, err := verbose(cmd(bin, "list", "--format", "ndjson", "--verbose", "--base-url", url, "--username", demo.DefaultLogin))
	if err != nil {
		return nil, err
	}
	return []row{{"2b. same export, rate limit 100/s", fmt.Sprintf("%s, %d requests", ms(elapsed), strings.Count(log, "GET ")),
		fmt.Sprintf("%d refused (429)", strings.Count(log, "-> 429")), "—", "0 refused"}}, nil
}

// newest: the newest 100 of 100,000 donations (1,000 pages), against
// reading every page, with and without a server that honours order=desc.
func newest(bin string, _ int) ([]row, error) {
	var rows []row
	for _, desc := range []bool{false, true} {
		args := []string{"--count", "100000", "--latency", "5ms"}
		label := "3. newest 100 of 100,000 (1,000 pages), 5 ms"
		if desc {
			args = append(args, "--order-desc")
			label = "3b. same, server honours order=desc"
		}
		stop, url, err := server(bin, args...)
		if err != nil {
			return nil, err
		}
		common := []string{"--format", "ndjson", "--verbose", "--base-url", url, "--username", demo.DefaultLogin}
		newLog, newT, err1 := verbose(cmd(bin, append([]string{"list", "--newest", "100"}, common...)...))
		allLog, allT, err2 := verbose(cmd(bin, append([]string{"list"}, common...)...))
		stop()
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("newest: %v %v", err1, err2)
		}
		rows = append(rows, row{label,
			fmt.Sprintf("%s, %d requests", ms(newT), strings.Count(newLog, "GET ")),
			fmt.Sprintf("%s, %d requests", ms(allT), strings.Count(allLog, "GET ")),
			ratio(newT, allT), "≤ 2·log2(1000)+2 = 21 requests"})
	}
	return rows, nil
}

func cmd(bin string, args ...string) *exec.Cmd {
	c := exec.Command(bin, args...)
	c.Env = append(os.Environ(), "DONATIONS_API_KEY="+demo.DefaultKey)
	return c
}

// pair runs a and b alternately n times each and returns their medians.
func pair(n int, a, b *exec.Cmd) (time.Duration, time.Duration) {
	var ta, tb []time.Duration
	for range n {
		ta = append(ta, timed(a))
		tb = append(tb, timed(b))
	}
	return median(ta), median(tb)
}

// timed runs c once and returns its wall time. What it writes is thrown
// away, not kept: kept, the outputs of the comparisons at a million grow
// this process by hundreds of megabytes, and every command it starts
// after would report that as its own peak (Linux hands a process started
// by vfork, as Go starts them, its parent's peak).
func timed(c *exec.Cmd) time.Duration {
	run := exec.Command(c.Path, c.Args[1:]...)
	run.Env = c.Env
	var errb bytes.Buffer
	run.Stdout, run.Stderr = io.Discard, &errb
	start := time.Now()
	if err := run.Run(); err != nil {
		fmt.Fprintf(os.Stderr, "perf: %v failed: %v\n%s", c.Args, err, lastLine(errb.Bytes()))
		os.Exit(1)
	}
	return time.Since(start)
}

// verbose runs c once and returns its stderr (the --verbose request log).
func verbose(c *exec.Cmd) (string, time.Duration, error) {
	var errb bytes.Buffer
	c.Stderr = &errb
	start := time.Now()
	err := c.Run()
	return errb.String(), time.Since(start), err
}

func median(ds []time.Duration) time.Duration {
	slices.Sort(ds)
	return ds[len(ds)/2]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.0f ms", float64(d)/float64(time.Millisecond)) }

func ratio(a, b time.Duration) string { return fmt.Sprintf("%.2f", float64(a)/float64(b)) }

func lastLine(b []byte) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return lines[len(lines)-1]
}

// server starts the built program's demo server on a free loopback port.
func server(bin string, args ...string) (func(), string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, "", err
	}
	addr := ln.Addr().String()
	ln.Close()
	c := exec.Command(bin, append([]string{"demo-server", "--addr", addr}, args...)...)
	if err := c.Start(); err != nil {
		return nil, "", err
	}
	stop := func() { _ = c.Process.Kill(); _ = c.Wait() }
	for range 200 {
		if conn, err := net.Dial("tcp", addr); err == nil {
			conn.Close()
			return stop, "http://" + addr, nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	stop()
	return nil, "", fmt.Errorf("the demo server did not start on %s", addr)
}
