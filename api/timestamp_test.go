package api_test

import (
	"fmt"
	"testing"
	"time"

	"donations/api"
)

func zone(t testing.TB, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func text(s string) api.Text { return api.Text{Value: s, Valid: true} }

// Every ISO 8601 form servers write names the same instant.
func TestTimeReadsEveryFormServersWrite(t *testing.T) {
	t.Parallel()
	want := time.Date(2025, 2, 1, 10, 0, 0, 0, time.UTC)
	for _, s := range []string{
		"2025-02-01T10:00:00Z", "2025-02-01T10:00:00.000Z", "2025-02-01T10:00:00+00:00",
		"2025-02-01T10:00:00+0000", "2025-02-01T10:00:00+00", "2025-02-01 10:00:00",
		"2025-02-01 10:00:00 +0000", "2025-02-01T10:00:00", "2025-02-01T10:00Z", "2025-02-01t10:00:00z",
		"2025-02-01T05:00:00-0500", "2025-02-01T05:00:00-05:00", "2025-02-01T05:00:00-05",
		"2025-02-01T15:30:00+05:30", "2025-02-01T15:30:00+0530", " 2025-02-01T10:00:00Z ",
		"2025-02-01T10:00:00,000000Z",
	} {
		got, ok := api.Time(text(s))
		if !ok || !got.Equal(want) {
			t.Errorf("%q: got %v, %v; want %v", s, got, ok, want)
		}
	}
	frac := map[string]int{
		"2025-02-01T10:00:00.1Z": 100000000, "2025-02-01T10:00:00.123456+0000": 123456000,
		"2025-02-01T10:00:00.123456789Z": 123456789, "2025-02-01T10:00:00.1234567891234+00:00": 123456789,
	}
	for s, ns := range frac {
		got, ok := api.Time(text(s))
		if !ok || !got.Equal(want.Add(time.Duration(ns))) {
			t.Errorf("%q: got %v, %v; want %d ns past", s, got, ok, ns)
		}
	}
	for _, s := range []string{"", "not a date", "01/03/2025", "2025-02-30", "2025-13-01", "2025-02-01T24:00:00Z",
		"2025-02-01T10:00:61Z", "2025-02-01T10:00:00+2500", "2025-02-01T10:00:00.Z", "2025-02-01T10", "2025-02-01T10:00:00+0",
		"2025-02-01T10:00:00+00:0", "2025-02-01X10:00:00", "2025-2-1", "20250201", "2025-02-01T10:00:00Zjunk"} {
		if got, ok := api.Time(text(s)); ok {
			t.Errorf("%q read as %v", s, got)
		}
	}
	if _, ok := api.Time(api.Text{}); ok {
		t.Error("a missing field read as a time")
	}
}

// A date with no time is the same calendar day in every zone: west of UTC
// it is not the evening before, east of it not the morning of.
func TestDateOnlyIsTheSameDayInEveryZone(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"America/New_York", "Asia/Tokyo", "UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago"} {
		loc := zone(t, name)
		got, ok := api.TimeIn(text("2026-01-01"), loc)
		if !ok {
			t.Fatalf("%s: not read", name)
		}
		if y, m, d := got.In(loc).Date(); y != 2026 || m != time.January || d != 1 {
			t.Errorf("%s: 2026-01-01 is %d-%02d-%02d", name, y, m, d)
		}
		// An instant stays the instant it names, whatever the zone.
		at, _ := api.TimeIn(text("2026-01-01T02:00:00Z"), loc)
		if !at.Equal(time.Date(2026, 1, 1, 2, 0, 0, 0, time.UTC)) {
			t.Errorf("%s: an instant moved to %v", name, at)
		}
	}
}

// Fuzz: any text is read or refused without a panic; what RFC 3339 reads,
// TimeIn reads as the same instant; and what TimeIn reads, written back as
// RFC 3339, reads the same again.
func FuzzTimeText(f *testing.F) {
	for _, s := range []string{"2025-02-01T10:00:00+0000", "2025-02-01T10:00:00.123456789123Z", "2025-02-01 10:00:00",
		"2026-01-01", "2025-02-01T10:00:00+00", "9999-12-31T23:00:00-05:00", "2025-02-01T10:00:00 -0130", "", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := api.Time(text(s))
		if want, err := time.Parse(time.RFC3339Nano, s); err == nil && (!ok || !got.Equal(want)) {
			t.Fatalf("%q: got %v, %v; RFC 3339 reads %v", s, got, ok, want)
		}
		if !ok {
			return
		}
		again, ok := api.Time(text(got.Format(time.RFC3339Nano)))
		if !ok || !again.Equal(got) {
			t.Fatalf("%q read as %v, which reads back as %v, %v", s, got, again, ok)
		}
	})
}

// Fuzz: a moment written in any of the forms servers use reads as that
// moment.
func FuzzTimeForms(f *testing.F) {
	f.Add(int64(1738404000), uint32(123456789), int16(0), uint8(0))
	f.Add(int64(1738404000), uint32(5), int16(-300), uint8(1))
	f.Add(int64(0), uint32(0), int16(330), uint8(2))
	f.Add(int64(253402300799), uint32(999999999), int16(-59), uint8(3))
	f.Fuzz(func(t *testing.T, unix int64, nanos uint32, offsetMin int16, form uint8) {
		offset := int(offsetMin) % (24 * 60)
		at := time.Unix(unix%253402300800, int64(nanos%1e9)).In(time.FixedZone("", offset*60))
		if y := at.Year(); y < 0 || y > 9999 {
			return
		}
		sign, abs := '+', offset
		if abs < 0 {
			sign, abs = '-', -abs
		}
		wall := at.Format("2006-01-02T15:04:05.999999999")
		var s string
		switch form % 4 {
		case 0:
			s = fmt.Sprintf("%s%c%02d:%02d", wall, sign, abs/60, abs%60)
		case 1:
			s = fmt.Sprintf("%s%c%02d%02d", wall, sign, abs/60, abs%60)
		case 2:
			s = fmt.Sprintf("%s %c%02d%02d", at.Format("2006-01-02 15:04:05.999999999"), sign, abs/60, abs%60)
		case 3:
			if abs%60 != 0 {
				return
			}
			s = fmt.Sprintf("%s%c%02d", wall, sign, abs/60)
		}
		got, ok := api.Time(text(s))
		if !ok || !got.Equal(at) {
			t.Fatalf("%q: got %v, %v; want %v", s, got, ok, at)
		}
	})
}
