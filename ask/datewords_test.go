package ask

import (
	"testing"
	"time"
)

func TestDateWordsNameMonthsAndYears(t *testing.T) {
	now := time.Date(2026, 3, 15, 10, 0, 0, 0, time.UTC)
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	for _, tc := range []struct {
		text         string
		fiscal       int
		since, until time.Time
	}{
		{"2026-10", 0, day(2026, 10, 1), day(2026, 11, 1)},
		{"october", 0, day(2025, 10, 1), day(2025, 11, 1)}, // the latest October begun
		{"March", 0, day(2026, 3, 1), day(2026, 4, 1)},
		{"oct 2026", 0, day(2026, 10, 1), day(2026, 11, 1)},
		{"2026", 0, day(2026, 1, 1), day(2027, 1, 1)},
		{"fiscal 2026", 0, day(2026, 1, 1), day(2027, 1, 1)},
		{"fiscal 2026", 7, day(2025, 7, 1), day(2026, 7, 1)},
		{"FY2026", 7, day(2025, 7, 1), day(2026, 7, 1)},
		{"2025-12..feb", 0, day(2025, 12, 1), day(2026, 3, 1)},
		{"fy2025..fy2026", 4, day(2024, 4, 1), day(2026, 4, 1)},
	} {
		q, errs := ReadFiscal(Texts{"dates": tc.text}, now, tc.fiscal)
		if errs != nil {
			t.Errorf("%q: %v", tc.text, errs)
			continue
		}
		if r := q.Filter.Dates; !r.Since.Equal(tc.since) || !r.Until.Equal(tc.until) {
			t.Errorf("%q (fiscal start %d): %v..%v, want %v..%v", tc.text, tc.fiscal, r.Since, r.Until, tc.since, tc.until)
		}
		// The question keeps its fiscal start when a field changes.
		if w, err := q.With("status", "paid", now); err != nil || !w.Filter.Dates.Since.Equal(tc.since) {
			t.Errorf("%q: With read the dates as %v (%v)", tc.text, w.Filter.Dates.Since, err)
		}
	}
	for _, bad := range []string{"2026-13", "octember", "fiscal", "fy26"} {
		if _, errs := Read(Texts{"dates": bad}, now); errs == nil {
			t.Errorf("%q read", bad)
		}
	}
}
