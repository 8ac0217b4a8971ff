package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"donations/api/demo"
)

// ask: on a synced store of 100,000, summary by form against jq grouping an
// NDJSON export of the same donations, and a substring search.
func ask(bin string, runs int) ([]row, error) {
	stop, url, err := server(bin, "--count", "100000")
	if err != nil {
		return nil, err
	}
	defer stop()
	dir, _ := os.MkdirTemp("", "donations-perf-ask")
	defer os.RemoveAll(dir)
	account := []string{"--base-url", url, "--username", demo.DefaultLogin}
	timed(cached(dir, bin, append([]string{"sync"}, account...)...))
	export := filepath.Join(dir, "all.ndjson")
	out, err := os.Create(export)
	if err != nil {
		return nil, err
	}
	dump := cached(dir, bin, append([]string{"list", "--offline", "--format", "ndjson"}, account...)...)
	dump.Stdout = out
	err = dump.Run()
	out.Close()
	if err != nil {
		return nil, err
	}
	n := max(3, runs/3)
	summary := cached(dir, bin, append([]string{"summary", "--offline", "--by", "form", "--format", "json"}, account...)...)
	var rows []row
	if jq, err := exec.LookPath("jq"); err == nil {
		group := exec.Command(jq, "-s", `group_by(.form_name) | map({form: .[0].form_name, count: length, amounts: (group_by(.currency) | map({(.[0].currency): (map(.amount | tonumber) | add)}) | add)})`, export)
		ours, theirs := pair(n, summary, group)
		rows = append(rows, row{"6. summary --by form --offline on 100,000 vs jq grouping the NDJSON export", ms(ours), ms(theirs), ratio(ours, theirs), "≤ 0.1"})
	} else {
		fmt.Fprintln(os.Stderr, "perf: jq is not installed (apt-get install jq): the summary comparison is skipped")
	}
	search := cached(dir, bin, append([]string{"list", "--offline", "--search", "lefevre", "--format", "ndjson"}, account...)...)
	t := median([]time.Duration{timed(search), timed(search), timed(search)})
	return append(rows, row{"6b. list --offline --search lefevre on 100,000 (whole process)", ms(t), "—", "—", "≤ 50 ms"}), nil
}
