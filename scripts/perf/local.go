package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// scaleUser is the account a store made for the local comparisons belongs
// to: the program finds it as scaleUser@127.0.0.1_9.db under
// $XDG_CACHE_HOME/donations, and never asks that address anything.
const scaleUser = "scale"

// local: on a store synced by scripts/scale (-store), what the program
// answers from it against the sqlite3 shell running the same query on the
// same file, whole process against whole process.
func local(bin string, runs int) ([]row, error) {
	if *storeFile == "" {
		return nil, nil
	}
	if filepath.Base(*storeFile) != scaleUser+"@127.0.0.1_9.db" || filepath.Base(filepath.Dir(*storeFile)) != "donations" {
		return nil, fmt.Errorf("-store must be a file DIR/donations/%s@127.0.0.1_9.db", scaleUser)
	}
	sqlite3, err := exec.LookPath("sqlite3")
	if err != nil {
		fmt.Fprintln(os.Stderr, "perf: sqlite3 is not installed (apt-get install sqlite3): the local comparisons are skipped")
		return nil, nil
	}
	cache := filepath.Dir(filepath.Dir(*storeFile))
	ours := func(args ...string) *exec.Cmd {
		return cached(cache, bin, append(args, "--offline", "--base-url", "http://127.0.0.1:9", "--username", scaleUser)...)
	}
	theirs := func(q string) *exec.Cmd { return exec.Command(sqlite3, "-readonly", *storeFile, q) }
	// The peer groups the rows from a scan of the table (NOT INDEXED), as
	// it would without the program's indexes: with them, each index this
	// program adds for itself would speed the peer up too, and the ratio
	// would move for no change of ours. It asks what a summary answers:
	// the paid gifts (by default a summary counts only those), less the
	// part refunded of those refunded in part, the converted share rounded
	// to the cent. It grouped every status, a fifth more rows, and summed
	// them as sent: a different question.
	const sums = "count(*), sum(amount_e4 - coalesce(refunded_e4, 0)), " +
		"sum(converted_e4 - coalesce(CAST(round(converted_e4 * 0.01 * refunded_e4 / amount_e4) AS INTEGER) * 100, 0)) " +
		"FROM donations NOT INDEXED WHERE status_key = 'paid' GROUP BY "
	targets := []struct {
		label string
		ours  *exec.Cmd
		q     string
		goal  string
	}{
		{"7. summary --by donor --format json vs sqlite3 grouping the same paid gifts, table scan (NOT INDEXED)", ours("summary", "--by", "donor", "--format", "json"),
			"SELECT email_key, coalesce(currency, ''), coalesce(converted_currency, ''), " + sums + "1, 2, 3 ORDER BY 1, 2, 3", "≤ 1"},
		{"7b. summary --by donor --by day --format json vs the same, table scan (NOT INDEXED)", ours("summary", "--by", "donor", "--by", "day", "--format", "json"),
			"SELECT email_key, coalesce(day, ''), coalesce(currency, ''), coalesce(converted_currency, ''), " + sums + "1, 2, 3, 4 ORDER BY 1, 2, 3, 4", "≤ 1"},
		{"7c. list --offline --newest 10 vs sqlite3 reading the same 10 records", ours("list", "--newest", "10", "--format", "ndjson"),
			"SELECT r.raw FROM donations d JOIN records r ON r.id = d.id ORDER BY d.date_utc DESC, d.id DESC LIMIT 10", "≤ 3"},
	}
	var rows []row
	for _, t := range targets {
		a, b := pair(max(3, runs/3), t.ours, theirs(t.q))
		rows = append(rows, row{t.label, ms(a), ms(b), ratio(a, b), t.goal})
	}
	start := median([]time.Duration{timed(cmd(bin, "--version")), timed(cmd(bin, "--version")), timed(cmd(bin, "--version"))})
	return append(rows, row{"7d. process start: donations --version", ms(start), "—", "—", "as the README says"}), nil
}
