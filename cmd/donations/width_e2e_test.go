package main

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// A table of Devanagari names fits an 80-column terminal: each row is as wide
// as tmux counts it, so none wraps onto a second line.
func TestTableOfDevanagariNamesFits80ColumnsInTmux(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary and drives it in tmux")
	}
	bin := buildBinary(t)
	s := newTmux(t, 80, 30, fmt.Sprintf("env HOME=%s TZ=UTC %s list --demo --demo-end 2026-11-01 --format table --email priya.sharma79@example.net; echo done; sleep 30",
		t.TempDir(), bin))
	screen := s.waitFor("done")
	joined, err := s.tmux("capture-pane", "-p", "-J", "-t", s.name).Output()
	if err != nil {
		t.Fatal(err)
	}
	rows := strings.Count(screen, "प्रिया शर्मा")
	if rows < 5 {
		t.Fatalf("expected the donor's gifts, got:\n%s", screen)
	}
	// -J joins the lines tmux wrapped: with none wrapped, both captures match.
	if got := strings.TrimRight(string(joined), "\n"); got != strings.TrimRight(screen, "\n") {
		t.Errorf("rows wrapped at 80 columns:\n%s", screen)
	}
	amount := regexp.MustCompile(`[0-9]\.[0-9]{2}$`) // the row's last cell, whole
	for _, line := range strings.Split(screen, "\n") {
		if strings.Contains(line, "प्रिया शर्मा") && !amount.MatchString(strings.TrimRight(line, " ")) {
			t.Errorf("row without its whole amount: %q", line)
		}
	}
}
