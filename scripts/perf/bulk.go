package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"donations/api/demo"
)

var (
	bulkCounts = flag.String("bulk", "10000,100000,1000000", "store sizes for the first-sync rows (8): time, CPU and peak memory against the plain loop")
	peerURL    = flag.String("peer", "", "run the plain loop against this demo server (the peer of rows 6), writing NDJSON to -peer-out (rows 8)")
	peerOut    = flag.String("peer-out", "", "the plain loop's NDJSON file")
)

// usage is what one whole process took: wall time, CPU time (user and
// system: the machine is shared) and peak memory.
type usage struct {
	wall, cpu time.Duration
	rssKB     int64
}

func (u usage) String() string {
	return fmt.Sprintf("%.1f s, CPU %.1f s, %d MiB", u.wall.Seconds(), u.cpu.Seconds(), u.rssKB/1024)
}

func run(c *exec.Cmd) (usage, error) {
	var errb bytes.Buffer
	c.Stderr = &errb
	start := time.Now()
	if err := c.Run(); err != nil {
		return usage{}, fmt.Errorf("%v: %v: %s", c.Args, err, lastLine(errb.Bytes()))
	}
	ps := c.ProcessState
	return usage{time.Since(start), ps.UserTime() + ps.SystemTime(), maxRSS(ps)}, nil
}

// bulkSync: a first sync of each size in -bulk from the demo server with
// no latency, against the plain loop reading the same pages (time, CPU
// and peak memory of each whole process); then, into the store that sync
// made, a sync of 250 new (--window 0): what it costs beyond its requests.
func bulkSync(bin string, _ int) ([]row, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	var rows []row
	for _, field := range strings.Split(*bulkCounts, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(field))
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("-bulk: %q is not a count", field)
		}
		r, err := bulkRows(bin, self, n)
		if err != nil {
			return nil, err
		}
		rows = append(rows, r...)
	}
	return rows, nil
}

func bulkRows(bin, self string, n int) ([]row, error) {
	stop, url, err := server(bin, "--count", strconv.Itoa(n))
	if err != nil {
		return nil, err
	}
	defer stop()
	dir, err := os.MkdirTemp("", "donations-perf-bulk")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	account := []string{"--base-url", url, "--username", demo.DefaultLogin}
	ours, err := run(cached(dir, bin, append([]string{"sync"}, account...)...))
	if err != nil {
		return nil, err
	}
	theirs, err := run(exec.Command(self, "-peer", url, "-peer-out", filepath.Join(dir, "peer.ndjson")))
	if err != nil {
		return nil, err
	}
	label := fmt.Sprintf("8. first sync of %s, no latency: sync vs a plain loop (wall, CPU, peak RSS)", thousands(n))
	rows := []row{{label, ours.String(), theirs.String(), ratio(ours.wall, theirs.wall), "≤ 1.5; ≤ 300 MiB, flat in N"}}
	resp, err := http.Post(url+"/admin/add?n=250", "", nil)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	small := cached(dir, bin, append([]string{"sync", "--window", "0", "--verbose"}, account...)...)
	var errb bytes.Buffer
	small.Stderr = &errb
	start := time.Now()
	if err := small.Run(); err != nil {
		return nil, fmt.Errorf("sync of 250 new: %v: %s", err, lastLine(errb.Bytes()))
	}
	wall, ps := time.Since(start), small.ProcessState
	return append(rows, row{fmt.Sprintf("8b. then a sync of 250 new into those %s, --window 0 (CPU: beyond the requests)", thousands(n)),
		fmt.Sprintf("%.0f ms, CPU %.0f ms, %d requests", float64(wall.Milliseconds()), float64((ps.UserTime() + ps.SystemTime()).Milliseconds()), strings.Count(errb.String(), "GET ")),
		"—", "—", "≤ 300 ms CPU"}), nil
}

// peer is the plain loop the issue compares a first sync with: it GETs
// each page of 100 in turn, decodes it and writes its donations as NDJSON.
func peer(url, out string) error {
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	var line bytes.Buffer
	for page := 1; ; page++ {
		req, err := http.NewRequest(http.MethodGet, fmt.Sprintf("%s/api/v1/donations?page=%d&per_page=100", url, page), nil)
		if err != nil {
			return err
		}
		req.SetBasicAuth(demo.DefaultLogin, demo.DefaultKey)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		var list []json.RawMessage
		err = json.NewDecoder(resp.Body).Decode(&list)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK {
			return fmt.Errorf("page %d: %s %v", page, resp.Status, err)
		}
		for _, d := range list {
			line.Reset()
			if err := json.Compact(&line, d); err != nil {
				return err
			}
			line.WriteByte('\n')
			if _, err := w.Write(line.Bytes()); err != nil {
				return err
			}
		}
		if len(list) < 100 {
			return w.Flush()
		}
	}
}

func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
