package uictx

import (
	"fmt"
	"strings"
	"time"

	"donations/api"
	"donations/textsafe"
)

// LogSize is how many lines the request log keeps: the latest.
const LogSize = 1000

// Log is every request the client made and every wait it began, as
// lines made safe to show, the latest logSize of them.
type Log struct {
	lines []string
	first int // lines[first] is the oldest once the ring is full
	added int // ever: the log view rewraps only when it grows
}

func (l *Log) Add(line string) {
	l.added++
	if len(l.lines) < LogSize {
		l.lines = append(l.lines, line)
		return
	}
	l.lines[l.first] = line
	l.first = (l.first + 1) % LogSize
}

// All is the lines, oldest first.
func (l *Log) All() []string {
	return append(append([]string(nil), l.lines[l.first:]...), l.lines[:l.first]...)
}

// ExchangeLine is one request as the log says it, what matters first: when
// it ended, what came of it (the status, why it failed and the retry that
// follows), its time, size and attempt, the server's budget, and last the
// request, whose long URL may wrap. The log adds a request as it ends: at
// its start time, four pages read at once were listed with their times
// out of order.
func ExchangeLine(x api.Exchange, loc *time.Location) string {
	var b strings.Builder
	b.WriteString(x.At.Add(x.Duration).In(loc).Format("15:04:05.000"))
	if x.Failure != "" || x.Status < 200 || x.Status >= 300 {
		b.WriteString(" ⚠")
	}
	if x.Status != 0 {
		b.WriteString(" HTTP")
	}
	fmt.Fprintf(&b, " %s · %d ms", FirstLine(x.Outcome()), x.Duration.Milliseconds())
	if x.Status != 0 {
		fmt.Fprintf(&b, " · %s B", Commas(x.Bytes))
		if x.Decompressed() {
			b.WriteString(" decompressed")
		}
	}
	if x.Attempt > 1 {
		fmt.Fprintf(&b, " · attempt %d", x.Attempt)
	}
	if rem, lim := x.Header.Get("X-Ratelimit-Remaining"), x.Header.Get("X-Ratelimit-Limit"); rem != "" {
		fmt.Fprintf(&b, " · budget %s of %s", rem, lim)
	}
	fmt.Fprintf(&b, " · %s %s", x.Method, x.URL)
	return textsafe.Line(b.String())
}

// WaitLine is a wait as the status line and the log say it, the cause
// first: "page 14: HTTP 502, retry 2 of 5 in 1.6 s"; a 200 retried says
// why ("page 3: HTTP 200 cut body (truncated JSON at byte 812), retry 1 of 5").
func WaitLine(w api.Wait) string {
	d := w.Duration.Round(100 * time.Millisecond).Seconds()
	if w.Attempts > 0 {
		what := w.Cause
		switch {
		case what != "":
		case w.Status != 0:
			what = fmt.Sprintf("HTTP %d", w.Status)
		default:
			what = "no answer"
		}
		return textsafe.Line(fmt.Sprintf("page %d: %s, retry %d of %d in %.1f s", w.Page, what, w.Attempt-1, w.Attempts-1, d))
	}
	// The reason says why; how long is said here, as the command line does.
	return textsafe.Line(fmt.Sprintf("page %d: waiting %.1f s: %s", w.Page, d, w.Reason))
}

// Len is how many lines the log keeps.
func (l *Log) Len() int { return len(l.lines) }

// Added is how many lines were ever added: a view of the log rewraps only
// when it grows.
func (l *Log) Added() int { return l.added }
