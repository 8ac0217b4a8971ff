package export

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/query"
	"donations/report"
)

func sampleReport(rows [][]any) Report {
	return Report{
		Columns: []ReportColumn{{"email", "E-MAIL"}, {"gifts", "GIFTS"}, {"amount", "AMOUNT"}, {"share", "SHARE"}},
		Rows: func(fn func([]any) error) error {
			for _, r := range rows {
				if err := fn(r); err != nil {
					return err
				}
			}
			return nil
		},
		Notes: func() []string { return []string{"year 2026, so far"} },
	}
}

// Each format writes the same rows: the table aligned with its notes
// after, csv neutralised, json and ndjson keyed by the columns' keys with
// exact amounts and percents.
func TestWriteReportFormats(t *testing.T) {
	rows := [][]any{
		{"=cmd@evil.example", 1234, api.ScaledDecimal(1234567, 2), Percent(0.25)},
		{"a@b.org", 2, api.ScaledDecimal(5, 0), nil},
	}
	for _, c := range []struct {
		format string
		want   string
	}{
		{"table", "E-MAIL             GIFTS     AMOUNT  SHARE\n=cmd@evil.example  1,234  12,345.67  25.0%\na@b.org                2       5.00\nyear 2026, so far\n"},
		{"csv", "email,gifts,amount,share\n'=cmd@evil.example,1234,12345.67,25.00\na@b.org,2,5.00,\n"},
		{"ndjson", `{"email":"=cmd@evil.example","gifts":1234,"amount":"12345.67","share":25}` + "\n" + `{"email":"a@b.org","gifts":2,"amount":"5.00","share":null}` + "\n"},
	} {
		var b bytes.Buffer
		if err := WriteReport(&b, c.format, sampleReport(rows)); err != nil || b.String() != c.want {
			t.Errorf("%s: %v\n%q\nwant\n%q", c.format, err, b.String(), c.want)
		}
	}
	for _, rs := range [][][]any{rows, nil} {
		var b bytes.Buffer
		var got []map[string]any
		if err := WriteReport(&b, "json", sampleReport(rs)); err != nil || json.Unmarshal(b.Bytes(), &got) != nil || len(got) != len(rs) {
			t.Errorf("json of %d rows: %v %q", len(rs), err, b.String())
		}
	}
}

// A text column gives way to the numbers: a long name is cut, a number
// never.
func TestReportTableCutsTextNotNumbers(t *testing.T) {
	long := strings.Repeat("x", 80) + "@example.org"
	var b bytes.Buffer
	if err := WriteReport(&b, "table", sampleReport([][]any{{long, 1, api.ScaledDecimal(99, 0), nil}})); err != nil {
		t.Fatal(err)
	}
	line := strings.Split(b.String(), "\n")[1]
	if strings.Contains(line, long) || !strings.HasSuffix(strings.TrimRight(line, " "), "99.00") {
		t.Errorf("row %q: the e-mail is not cut, or the amount is", line)
	}
}

// The retention table's figures are the program's own words and say the
// year they are about: the command line's table keeps them whole, where
// an e-mail of the same length is cut.
func TestRetentionTableKeepsItsFiguresWhole(t *testing.T) {
	var b bytes.Buffer
	if err := WriteReport(&b, "table", RetentionReport(report.Retention{}, report.Query{Year: 2026})); err != nil {
		t.Fatal(err)
	}
	for _, figure := range []string{"recaptured (lapsed, back in 2026)", "new donor retention (first gift in 2025)",
		"repeat donor retention (gave before 2025)"} {
		if !strings.Contains(b.String(), figure) {
			t.Errorf("no %q whole in\n%s", figure, b.String())
		}
	}
}

// The recurring report's line says the monthly value as money, to the
// cent: a quarterly or yearly plan's share of a month is kept to 10^-4
// only in the rows that add up to it.
func TestRecurringLineSaysTheMonthlyValueInCents(t *testing.T) {
	for _, tc := range []struct{ monthly, says string }{
		{"4034.1290", "giving USD 4,034.13 a month"},
		{"10.005", "giving USD 10.01 a month"},
		{"12.5", "giving USD 12.50 a month"},
	} {
		v, err := api.ParseDecimal(tc.monthly)
		if err != nil {
			t.Fatal(err)
		}
		if line := (RecurringSum{Monthly: v}).Line("USD"); !strings.Contains(line, tc.says) {
			t.Errorf("monthly %s: %q, want it to say %q", tc.monthly, line, tc.says)
		}
	}
}

// Every count in the recurring report's line is grouped as the tables'
// are: at 200,000 donations "stopped: 12345" read as one figure of five.
func TestRecurringLineGroupsItsCounts(t *testing.T) {
	line := (RecurringSum{Active: 12345, Started: 23456, Stopped: 34567, Unknown: 45678}).Line("USD")
	for _, want := range []string{"active: 12,345", "started in the period: 23,456", "stopped: 34,567", "45,678 plans"} {
		if !strings.Contains(line, want) {
			t.Errorf("%q lacks %q", line, want)
		}
	}
}

// The gifts a report left out are counted as every other count is, with
// thousands grouped: at a million, "refunded 49609" stood beside
// summary's "49,609 gifts refunded".
func TestReportNotesGroupTheGiftsLeftOut(t *testing.T) {
	n := report.Notes{LeftOut: map[string]int{"refunded": 49609, "failed": 7}}
	notes := strings.Join(ReportNotes(n, report.Query{Year: 2026}, false, "--status counts them"), "\n")
	if !strings.Contains(notes, "not counted (--status counts them): failed 7, refunded 49,609") {
		t.Errorf("notes %q", notes)
	}
}

// A date range that misses the year reported says so in the notes; one
// that meets it, or none, says nothing.
func TestReportNotesSayWhenTheDatesMissTheYear(t *testing.T) {
	day := func(s string) time.Time { t, _ := time.Parse(time.DateOnly, s); return t }
	for _, tc := range []struct {
		name  string
		dates api.DateRange
		says  bool
	}{
		{"none", api.DateRange{}, false},
		{"the year before", api.DateRange{Since: day("2025-01-01"), Until: day("2026-01-01")}, true},
		{"the year after", api.DateRange{Since: day("2027-01-01")}, true},
		{"a month of the year", api.DateRange{Since: day("2026-03-01"), Until: day("2026-04-01")}, false},
		{"open to the past, into the year", api.DateRange{Until: day("2026-01-02")}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := report.Query{Year: 2026, Filter: query.Filter{Dates: tc.dates}}
			notes := strings.Join(ReportNotes(report.Notes{}, q, false, "--all-statuses"), "\n")
			if got := strings.Contains(notes, "hold no day of 2026"); got != tc.says {
				t.Errorf("notes %q: says the dates miss the year %v, want %v", notes, got, tc.says)
			}
		})
	}
}

// In December a year is not over though no month is to come: its totals
// are "so far", and a note says the month under way is of its first days
// against last year's whole month, rather than compare them silently.
func TestYearOverYearSaysWhichMonthIsUnderWay(t *testing.T) {
	months := make([]report.YearMonth, 12)
	for i := range months {
		months[i].Month = i + 1
	}
	months[11].UnderWay = true
	q := report.Query{Year: 2026, Now: time.Date(2026, 12, 7, 3, 0, 0, 0, time.UTC), Zone: time.UTC}
	r := YearOverYearReport(months, q)
	var b bytes.Buffer
	if err := WriteReport(&b, "table", r); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"SO FAR 2026", "2026 so far: Dec is under way (2026 counts its first 7 days, 2025 the whole month)"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "still to come") {
		t.Errorf("a month to come where none is:\n%s", out)
	}
}
