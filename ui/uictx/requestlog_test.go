package uictx

import (
	"strings"
	"testing"
	"time"

	"donations/api"
)

func TestRequestLogKeepsTheLatest(t *testing.T) {
	var l Log
	for i := range LogSize + 5 {
		l.Add(Itoa(int64(i)))
	}
	all := l.All()
	if len(all) != LogSize || all[0] != "5" || all[len(all)-1] != Itoa(LogSize+4) {
		t.Errorf("kept %d lines, %s to %s", len(all), all[0], all[len(all)-1])
	}
}

// Requests read at once are logged as they end, each at the time it
// ended: a long one started first and a short one started after it read
// in the order of their times, where their start times ran backwards.
func TestRequestLogTimesRunInTheOrderLogged(t *testing.T) {
	start := time.Date(2026, 11, 26, 9, 30, 0, 0, time.UTC)
	long := api.Exchange{Method: "GET", URL: "https://h/api/v1/donations?page=2", Status: 200, At: start, Duration: 300 * time.Millisecond}
	short := api.Exchange{Method: "GET", URL: "https://h/api/v1/donations?page=3", Status: 200, At: start.Add(10 * time.Millisecond), Duration: 20 * time.Millisecond}
	var l Log
	for _, x := range []api.Exchange{short, long} { // the order they end in
		l.Add(ExchangeLine(x, time.UTC))
	}
	all := l.All()
	if !strings.HasPrefix(all[0], "09:30:00.030 ") || !strings.HasPrefix(all[1], "09:30:00.300 ") {
		t.Errorf("logged %q", all)
	}
}
