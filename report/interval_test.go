package report_test

import (
	"testing"
	"time"

	"donations/report"
)

// A plan's interval is read in the forms servers send it; anything else is
// unknown, which the report takes as monthly.
func TestParseInterval(t *testing.T) {
	for _, c := range []struct {
		in   string
		want report.Interval
		ok   bool
	}{
		{"1 M", report.Interval{N: 1, Unit: 'M'}, true}, {"3 M", report.Interval{N: 3, Unit: 'M'}, true},
		{"1 Y", report.Interval{N: 1, Unit: 'Y'}, true}, {" 2 w ", report.Interval{N: 2, Unit: 'W'}, true},
		{"14 days", report.Interval{N: 14, Unit: 'D'}, true}, {"6 months", report.Interval{N: 6, Unit: 'M'}, true},
		{"1M", report.Interval{N: 1, Unit: 'M'}, true}, {"2 quarters", report.Interval{N: 6, Unit: 'M'}, true},
		{"monthly", report.Interval{N: 1, Unit: 'M'}, true}, {"Quarterly", report.Interval{N: 3, Unit: 'M'}, true},
		{"annually", report.Interval{N: 1, Unit: 'Y'}, true}, {"semi-annually", report.Interval{N: 6, Unit: 'M'}, true},
		{"weekly", report.Interval{N: 1, Unit: 'W'}, true}, {"bi-weekly", report.Interval{N: 2, Unit: 'W'}, true},
		{"", report.Interval{}, false}, {"sometimes", report.Interval{}, false}, {"0 M", report.Interval{}, false},
		{"M", report.Interval{}, false}, {"3 fortnights", report.Interval{}, false}, {"-1 M", report.Interval{}, false},
		{"99999999999999999999 M", report.Interval{}, false},
	} {
		if got, ok := report.ParseInterval(c.in); got != c.want || ok != c.ok {
			t.Errorf("ParseInterval(%q) = %v %v, want %v %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

// A gift's value a month is its amount over the months of its interval,
// rounded to the nearest 10^-4; two intervals after a gift are its
// interval's calendar steps.
func TestIntervalMonthlyAndAfter(t *testing.T) {
	jan31 := time.Date(2026, 1, 31, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		iv      report.Interval
		e4, mon int64
		after   string
	}{
		{report.Interval{N: 1, Unit: 'M'}, 100_0000, 100_0000, "2026-03-31"},
		{report.Interval{N: 3, Unit: 'M'}, 100_0000, 33_3333, "2026-07-31"},
		{report.Interval{N: 1, Unit: 'Y'}, 120_0000, 10_0000, "2028-01-31"},
		{report.Interval{N: 1, Unit: 'W'}, 12_0000, 52_0000, "2026-02-14"},
		{report.Interval{N: 2, Unit: 'W'}, 10_0000, 21_6667, "2026-02-28"},
		{report.Interval{N: 1, Unit: 'D'}, 1_0000, 30_4167, "2026-02-02"},
		{report.Interval{}, 25_0000, 25_0000, "2026-03-31"}, // unknown: monthly
		{report.Interval{N: 3, Unit: 'M'}, -100_0000, -33_3333, "2026-07-31"},
	} {
		if got := c.iv.MonthlyE4(c.e4); got != c.mon {
			t.Errorf("%v: %d a gift is %d a month, want %d", c.iv, c.e4, got, c.mon)
		}
		if got := c.iv.After(jan31, report.Stopping).Format(time.DateOnly); got != c.after {
			t.Errorf("%v: %d intervals after %s is %s, want %s", c.iv, report.Stopping, jan31.Format(time.DateOnly), got, c.after)
		}
	}
}
