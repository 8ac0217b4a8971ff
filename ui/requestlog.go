package ui

import (
	"fmt"
	"strings"
	"time"

	"donations/api"
	"donations/textsafe"
)

// logSize is how many lines the request log keeps: the latest.
const logSize = 1000

// requestLog is every request the client made and every wait it began, as
// lines made safe to show, the latest logSize of them.
type requestLog struct {
	lines []string
	first int // lines[first] is the oldest once the ring is full
}

func (l *requestLog) add(line string) {
	if len(l.lines) < logSize {
		l.lines = append(l.lines, line)
		return
	}
	l.lines[l.first] = line
	l.first = (l.first + 1) % logSize
}

// all is the lines, oldest first.
func (l *requestLog) all() []string {
	return append(append([]string(nil), l.lines[l.first:]...), l.lines[:l.first]...)
}

// exchangeLine is one request as the log says it: when, what, the answer,
// its size and time, the attempt, and the server's request budget.
func exchangeLine(x api.Exchange, loc *time.Location) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %s", x.At.In(loc).Format("15:04:05.000"), x.Method, x.URL)
	if x.Status != 0 {
		fmt.Fprintf(&b, " → %d · %s B · %d ms", x.Status, commas(x.Bytes), x.Duration.Milliseconds())
	}
	if x.Attempt > 1 {
		fmt.Fprintf(&b, " · attempt %d", x.Attempt)
	}
	if rem, lim := x.Header.Get("X-Ratelimit-Remaining"), x.Header.Get("X-Ratelimit-Limit"); rem != "" {
		fmt.Fprintf(&b, " · budget %s of %s", rem, lim)
	}
	if x.Err != nil {
		b.WriteString(" · " + firstLine(x.Err.Error()))
	}
	return textsafe.Line(b.String())
}

// waitLine is a wait as the status line and the log say it: "page 14:
// HTTP 502, retry 2 of 6 in 1.6 s".
func waitLine(w api.Wait) string {
	d := w.Duration.Round(100 * time.Millisecond).Seconds()
	if w.Attempts > 0 {
		what := "no answer"
		if w.Status != 0 {
			what = fmt.Sprintf("HTTP %d", w.Status)
		}
		return textsafe.Line(fmt.Sprintf("page %d: %s, retry %d of %d in %.1f s", w.Page, what, w.Attempt-1, w.Attempts-1, d))
	}
	return textsafe.Line(fmt.Sprintf("page %d: %s", w.Page, w.Reason))
}
