package main

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// The browser's report page shows the figures `donations report` writes
// over the same store, line by line, and the same words for what counted.
func TestBrowserReportPageIsTheCommandLines(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the program and drives it in tmux")
	}
	bin := buildBinary(t)
	_, env, account := askAccount(t, 1500)
	if r := runCmd(t, env, append([]string{"sync"}, account...)...); r.code != 0 {
		t.Fatal(r.stderr)
	}
	cli := runCmd(t, env, append([]string{"report", "retention", "--offline", "--format", "table"}, account...)...)
	if cli.code != 0 {
		t.Fatal(cli.stderr)
	}
	s := newTmux(t, 120, 35, fmt.Sprintf("HOME=%s DONATIONS_API_KEY=%s %s %s", env["HOME"], env["DONATIONS_API_KEY"], bin, strings.Join(account, " ")))
	s.waitFor("1,500 donations", "synced")
	s.send("i")
	s.waitFor("By month")
	s.send("Tab", "Tab", "Tab")
	screen := s.waitFor("Retention ·", "retention rate")
	cells := regexp.MustCompile(`\s{2,}`)
	lines := strings.Split(strings.TrimSpace(cli.stdout), "\n")
	for _, line := range lines[1:] {
		want := cells.Split(strings.TrimSpace(line), -1)
		if len(want) != 3 { // the notes under the table
			// The page names its own way to count other statuses, not the flags.
			line = strings.Replace(line, "(--status or --all-statuses count them)", "(filter by status to count them: f in the list)", 1)
			if !strings.Contains(screen, line) {
				t.Errorf("the page lacks the command line's note %q:\n%s", line, screen)
			}
			continue
		}
		figure := strings.TrimSuffix(want[0], "…") // the command line cuts a long figure's name
		found := false
		for _, l := range strings.Split(screen, "\n") {
			got := cells.Split(strings.TrimSpace(l), -1)
			if len(got) == 3 && strings.HasPrefix(got[0], figure) {
				found = true
				if got[1] != want[1] || got[2] != want[2] {
					t.Errorf("%s: the browser shows %s and %s, the command line %s and %s", figure, got[1], got[2], want[1], want[2])
				}
			}
		}
		if !found {
			t.Errorf("the page lacks %q:\n%s", figure, screen)
		}
	}
}
