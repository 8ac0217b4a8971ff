package main

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	_ "modernc.org/sqlite"

	"donations/api/demo"
)

// engine: the work of a first sync's end, statement by statement, in the
// SQLite this program runs (C turned into Go) against SQLite's own C (the
// sqlite3 shell), on copies of one store of 100,000 synced by the program.
// It answers whether a C SQLite would make the end much faster: what is
// left of row 8's gap is this work (see docs/performance.md, round 6).
func engine(bin string, _ int) ([]row, error) {
	sqlite3, err := exec.LookPath("sqlite3")
	if err != nil {
		fmt.Fprintln(os.Stderr, "perf: sqlite3 is not installed (apt-get install sqlite3): the engine comparison is skipped")
		return nil, nil
	}
	dir, err := os.MkdirTemp("", "donations-perf-engine")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	clean, err := syncedCopy(bin, dir)
	if err != nil {
		return nil, err
	}
	// The same cache for both: the shell's default is 2 MB, the end's 16.
	const cache = "PRAGMA cache_size = -16000"
	steps := []struct{ label, q string }{
		{"the trigram search index, whole (FTS5 rebuild)", `INSERT INTO donations_fts(donations_fts) VALUES ('rebuild')`},
		{"an index of the donations (CREATE INDEX)", `CREATE INDEX perf_ix ON donations (email_key, date_utc, amount_e4)`},
		{"sums by day, status and currency (GROUP BY into a table)", `CREATE TABLE perf_sums AS SELECT day, status_key, currency, count(*), sum(amount_e4), max(amount_e4) FROM donations GROUP BY 1, 2, 3`},
		{"the store copied in order (VACUUM INTO)", `VACUUM INTO '` + filepath.Join(dir, "vacuumed.db") + `'`},
	}
	var rows []row
	for i, st := range steps {
		var ours, theirs []time.Duration
		for range 3 {
			o, err := timeStep(clean, dir, func(file string) (time.Duration, error) { return inProcess(file, cache, st.q) })
			if err != nil {
				return nil, err
			}
			t, err := timeStep(clean, dir, func(file string) (time.Duration, error) { return inShell(sqlite3, file, cache, st.q) })
			if err != nil {
				return nil, err
			}
			ours, theirs = append(ours, o), append(theirs, t)
		}
		o, t := median(ours), median(theirs)
		rows = append(rows, row{fmt.Sprintf("11%c. end of a first sync of 100,000, %s: this program's SQLite vs the sqlite3 shell", 'a'+i, st.label),
			ms(o), ms(t), ratio(o, t), "—"})
	}
	return rows, nil
}

// syncedCopy syncs 100,000 demo donations into a store in dir and returns
// a copy of it with everything in one file (the store keeps a WAL).
func syncedCopy(bin, dir string) (string, error) {
	stop, url, err := server(bin, "--count", "100000")
	if err != nil {
		return "", err
	}
	defer stop()
	if _, err := run(cached(dir, bin, "sync", "--base-url", url, "--username", demo.DefaultLogin)); err != nil {
		return "", err
	}
	stores, err := filepath.Glob(filepath.Join(dir, "donations", "*.db"))
	if err != nil || len(stores) != 1 {
		return "", fmt.Errorf("the synced store: found %v (%v)", stores, err)
	}
	clean := filepath.Join(dir, "clean.db")
	db, err := sql.Open("sqlite", "file:"+stores[0]+"?mode=ro")
	if err != nil {
		return "", err
	}
	defer db.Close()
	_, err = db.Exec(`VACUUM INTO ?`, clean)
	return clean, err
}

// timeStep runs f on a fresh copy of clean, then removes what it made.
func timeStep(clean, dir string, f func(file string) (time.Duration, error)) (time.Duration, error) {
	file := filepath.Join(dir, "step.db")
	b, err := os.ReadFile(clean)
	if err == nil {
		err = os.WriteFile(file, b, 0o600)
	}
	if err != nil {
		return 0, err
	}
	defer func() {
		for _, f := range []string{file, file + "-journal", filepath.Join(dir, "vacuumed.db")} {
			os.Remove(f)
		}
	}()
	return f(file)
}

// inProcess times q on file through the driver the program uses.
func inProcess(file string, pragmas ...string) (time.Duration, error) {
	db, err := sql.Open("sqlite", "file:"+file)
	if err != nil {
		return 0, err
	}
	defer db.Close()
	conn, err := db.Conn(context.Background())
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	last := len(pragmas) - 1
	for _, q := range pragmas[:last] {
		if _, err := conn.ExecContext(context.Background(), q); err != nil {
			return 0, err
		}
	}
	start := time.Now()
	_, err = conn.ExecContext(context.Background(), pragmas[last])
	return time.Since(start), err
}

// shellTimer is what the shell's .timer prints after each statement.
var shellTimer = regexp.MustCompile(`Run Time: real ([0-9.]+)`)

// inShell times q on file in the sqlite3 shell, as its own timer measures
// it (the shell's start and the schema's reading left out, as inProcess
// leaves them out).
func inShell(sqlite3, file, pragma, q string) (time.Duration, error) {
	c := exec.Command(sqlite3, file)
	c.Stdin = strings.NewReader(pragma + ";\n.timer on\n" + q + ";\n")
	out, err := c.CombinedOutput()
	if err != nil {
		return 0, fmt.Errorf("sqlite3: %v: %s", err, lastLine(out))
	}
	m := shellTimer.FindAllSubmatch(out, -1)
	if len(m) == 0 {
		return 0, fmt.Errorf("sqlite3 printed no timing: %s", lastLine(out))
	}
	s, err := strconv.ParseFloat(string(m[len(m)-1][1]), 64)
	return time.Duration(s * float64(time.Second)), err
}
