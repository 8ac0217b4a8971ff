package insights

import (
	"slices"
	"strings"
	"testing"

	"donations/export"
)

// A page's table fits its width as the command line's does: the e-mail is
// capped, the name shrinks, then the gifts and the name go, then the
// e-mail shrinks: a
// number is shown whole or not at all, never cut.
func TestReportTableNeverCutsANumber(t *testing.T) {
	tb := &reportTable{
		columns: []export.ReportColumn{{Key: "email", Title: "E-MAIL"}, {Key: "name", Title: "NAME"}, {Key: "total", Title: "TOTAL USD"},
			{Key: "gifts", Title: "GIFTS"}, {Key: "other", Title: "OTHER"}},
		number: []bool{false, false, true, true, false},
		rows: [][]string{
			{"a.very.long.address.of.someone@example.org", "Someone With A Very Long Name Indeed", "1,234,567.89", "12,345", ""},
			{"b@example.org", "B", "5.00", "1", ""},
		},
	}
	for _, width := range []int{30, 40, 56, 60, 76, 116, 200} {
		head, rows := tb.lines(width)
		shown, _ := tb.fit(width)
		for _, l := range append([]string{head}, rows...) {
			if w := len([]rune(l)); w > width {
				t.Errorf("width %d: a line of %d: %q", width, w, l)
			}
		}
		for _, i := range shown {
			if !tb.number[i] {
				continue
			}
			for r, line := range rows {
				if !strings.Contains(line, tb.rows[r][i]) {
					t.Errorf("width %d: %q cut in %q", width, tb.rows[r][i], line)
				}
			}
		}
		if strings.Contains(head, "OTHER") {
			t.Errorf("width %d: the empty column is shown: %q", width, head)
		}
		if !strings.HasPrefix(head, "E-MAIL") {
			t.Errorf("width %d: the first column went: %q", width, head)
		}
	}
	// The e-mail is capped as the command line caps it, not left whole:
	// 42 cells of it pushed out columns the command line kept.
	if shown, widths := tb.fit(80); !slices.Equal(shown, []int{0, 1, 2, 3}) || widths[0] != 32 || widths[1] != 24 {
		t.Errorf("at 80 the e-mail is capped and the name shrinks: %v %v", shown, widths)
	}
	if shown, widths := tb.fit(60); !slices.Equal(shown, []int{0, 1, 2}) || widths[0] != 32 {
		t.Errorf("at 60 the gifts go first: %v %v", shown, widths)
	}
	if shown, widths := tb.fit(40); !slices.Equal(shown, []int{0, 2}) || widths[0] != 26 {
		t.Errorf("at 40 the name goes next, then the e-mail shrinks: %v %v", shown, widths)
	}
}
