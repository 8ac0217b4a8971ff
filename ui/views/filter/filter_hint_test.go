package filter

import (
	"strings"
	"testing"

	"donations/ask"
	"donations/textsafe"
)

// A hint too long for its field goes on under it, broken at a space: never
// inside a value such as 2026-03-01..2026-03-31.
func TestFilterHintsBreakBetweenWords(t *testing.T) {
	dates, _ := ask.Lookup("dates")
	hint := dates.Hint
	for _, w := range []int{30, 40, 59, 63} {
		first, rest := splitHint(hint, w)
		if textsafe.Width(first) > w || textsafe.Width(rest) > w {
			t.Errorf("at %d: %q / %q is too wide", w, first, rest)
		}
		if !strings.HasSuffix(rest, "2026-03-01..2026-03-31") && !strings.HasSuffix(rest, "…") {
			t.Errorf("at %d: the example range was cut: %q / %q", w, first, rest)
		}
		if first+" "+rest != hint && !strings.HasSuffix(rest, "…") {
			t.Errorf("at %d: %q / %q is not the hint", w, first, rest)
		}
	}
	if first, rest := splitHint("yes or no", 20); first != "yes or no" || rest != "" {
		t.Errorf("a short hint was split: %q / %q", first, rest)
	}
}
