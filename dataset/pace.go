package dataset

import "time"

// pacer keeps the pace of the pages a sync stored last, which the time
// left counts by (Progress.PagePace). The pace since the sync began
// would tell a long first sync far less time left than it has: its pages
// come slower as the store grows and as the machine's load moves.
type pacer struct{ seen []paceMark }

type paceMark struct {
	at   time.Time
	done int
}

// paceWindow is how far back the pace looks: long enough to smooth a
// batch's ups and downs, short enough to follow a change within a minute.
const paceWindow = 30 * time.Second

// add records that done pages were stored by at, and returns the time a
// page took over the last paceWindow; 0 until the sync has gone on for a
// third of it, when the pace since the start stands in. A sync's walks
// count from different places (a walk forward by the server's page
// number, a walk back by the pages stored): where the count goes back,
// the marks of the walk before count nothing of this one's.
func (pc *pacer) add(at time.Time, done int) time.Duration {
	if n := len(pc.seen); n > 0 && done < pc.seen[n-1].done {
		pc.seen = pc.seen[:0]
	}
	pc.seen = append(pc.seen, paceMark{at, done})
	from := at.Add(-paceWindow)
	i := 0
	for i+1 < len(pc.seen) && !pc.seen[i+1].at.After(from) {
		i++
	}
	pc.seen = pc.seen[i:]
	first := pc.seen[0]
	if span := at.Sub(first.at); span >= paceWindow/3 && done > first.done {
		return span / time.Duration(done-first.done)
	}
	return 0
}
