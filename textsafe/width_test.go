package textsafe

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestWidthAgreesWithTmux compares Width with widths tmux gave the demo's
// names and places in every script, and symbols the screens draw
// (testdata/tmux_widths.tsv, measured by scripts/tmuxwidths/measure.sh).
func TestWidthAgreesWithTmux(t *testing.T) {
	b, err := os.ReadFile("testdata/tmux_widths.tsv")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		cells, s, ok := strings.Cut(line, "\t")
		want, err := strconv.Atoi(cells)
		if !ok || err != nil {
			t.Fatalf("bad line %q", line)
		}
		if got := Width(s); got != want {
			t.Errorf("Width(%q) = %d, tmux counts %d", s, got, want)
		}
		n++
	}
	if n < 100 {
		t.Fatalf("only %d widths recorded", n)
	}
}

func TestFitCountsSpacingVowelSigns(t *testing.T) {
	// प्रिया शर्मा takes 10 cells in tmux: fitted to 12, two spaces follow.
	if got := Fit("प्रिया शर्मा", 12); got != "प्रिया शर्मा  " {
		t.Errorf("Fit = %q", got)
	}
	got := Fit("प्रिया शर्मा", 8)
	if Width(got) != 8 || !strings.HasSuffix(strings.TrimRight(got, " "), "…") {
		t.Errorf("Fit to 8 = %q (%d cells)", got, Width(got))
	}
	if got := FitRight("山田 花子", 10); got != " 山田 花子" {
		t.Errorf("FitRight = %q", got)
	}
}

func TestWrapBreaksAnAddressAtItsParts(t *testing.T) {
	for _, tc := range []struct {
		w    int
		want string
	}{
		{30, "yosef.alali73@example.org"},
		{20, "yosef.alali73@\nexample.org"},
		{10, "yosef.\nalali73@\nexample.\norg"},
	} {
		if got := Wrap("yosef.alali73@example.org", tc.w, "@."); got != tc.want {
			t.Errorf("Wrap(%d) = %q, want %q", tc.w, got, tc.want)
		}
	}
	for _, line := range strings.Split(Wrap("मरीन ड्राइव 12, प्रिया शर्मा, महाराष्ट्र 400001", 12, "@."), "\n") {
		if Width(line) > 12 {
			t.Errorf("line %q takes %d cells", line, Width(line))
		}
	}
}

func TestTruncateKeepsEscapesAndWholeClusters(t *testing.T) {
	if got := Truncate("\x1b[1mप्रिया शर्मा\x1b[0m", 5); got != "\x1b[1mप्रि…\x1b[0m" {
		t.Errorf("Truncate = %q", got)
	}
	if got := Truncate("abc", 3); got != "abc" {
		t.Errorf("Truncate = %q", got)
	}
	if got := Truncate("山田花子", 4); got != "山…" {
		t.Errorf("Truncate = %q", got)
	}
}

func TestWrapBreaksAtSpacesFirst(t *testing.T) {
	got := Wrap("2023-11-02 07:33 PDT · America/Los_Angeles", 34, "@./")
	if got != "2023-11-02 07:33 PDT ·\nAmerica/Los_Angeles" {
		t.Errorf("Wrap = %q", got)
	}
}
