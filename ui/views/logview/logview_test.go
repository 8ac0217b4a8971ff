package logview

import (
	"strings"
	"testing"

	"donations/textsafe"
)

// A URL wraps at the screen's width, after a "/", "?" or "&" where one
// fits, never at its hyphens: at 80 columns a date question's URL came in
// pieces of a date each ("date_from=2026-" / "09-" / "30&date_to=…").
// Nothing is lost or cut, and the lines after the first sit under the
// time.
func TestURLWrapsAtTheWidthNotAtHyphens(t *testing.T) {
	const url = "http://127.0.0.1:39335/api/v1/donations?date_from=2026-09-30&date_to=2026-10-31&order=asc&page=9&per_page=100"
	for _, tc := range []struct {
		line  string
		width int
	}{
		{"22:21:02.169 HTTP 200 · 116 ms · 140,688 B · budget 999951 of 1000000 · GET " + url, 80},
		{"22:21:02.169 HTTP 200 · 116 ms · GET " + url, 60},
		{"22:21:02.169 GET " + url + "&search=jean-pierre-lefèvre-ααααααααααααααααααααααααααααααααα-long-name", 40},
	} {
		lines := wrapEntry(tc.line, tc.width)
		var text []string
		for i, l := range lines {
			if textsafe.Width(l) > tc.width {
				t.Errorf("width %d: line %d has %d cells: %q", tc.width, i, textsafe.Width(l), l)
			}
			if i > 0 && !strings.HasPrefix(l, strings.Repeat(" ", 13)) {
				t.Errorf("width %d: line %d is not under the time: %q", tc.width, i, l)
			}
			text = append(text, strings.Fields(l)...)
		}
		if got, want := strings.Join(text, ""), strings.Join(strings.Fields(tc.line), ""); got != want {
			t.Errorf("width %d: the lines\n%s\nsay %q, want %q", tc.width, strings.Join(lines, "\n"), got, want)
		}
		for _, date := range []string{"2026-09-30", "2026-10-31"} {
			if !strings.Contains(strings.Join(lines, "\n"), date) {
				t.Errorf("width %d: %s is broken:\n%s", tc.width, date, strings.Join(lines, "\n"))
			}
		}
		for i, l := range lines {
			if strings.HasSuffix(l, "-") && textsafe.Width(l) < tc.width {
				t.Errorf("width %d: line %d breaks at a hyphen: %q", tc.width, i, l)
			}
		}
	}
}
