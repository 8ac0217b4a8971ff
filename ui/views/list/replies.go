package list

import (
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"

	"donations/dataset"
	"donations/ui/uictx"
)

// Update keeps a reply of the chain that is still for the answer in force
// and asks what comes next; ok is false for any other message. err is a
// read that failed, for the screen to say (a cancelled one is none).
func (s *Answer) Update(msg tea.Msg, a func() dataset.Asked) (cmd tea.Cmd, err error, ok bool) {
	switch msg := msg.(type) {
	case AnsweredMsg:
		err = s.onAnswered(msg)
	case WindowMsg:
		err = s.onWindow(msg)
	case ExactMsg:
		err = s.onExact(msg)
	case SumsMsg:
		err = s.onSums(msg)
	default:
		return nil, nil, false
	}
	switch {
	case errors.Is(err, context.Canceled):
		err = nil
	case err != nil:
		return nil, err, true // asked again when something changes
	}
	return s.next(a), nil, true
}

func (s *Answer) onAnswered(msg AnsweredMsg) error {
	snap := &msg.snap
	if snap.Gen != s.gen {
		return nil
	}
	s.asking, s.cancel = false, nil
	if msg.err != nil {
		return msg.err
	}
	s.reading = msg.reading
	s.count, s.counted, s.hidden, s.atLeast = snap.Count, s.gen, snap.Hidden, snap.AtLeast
	s.source, s.cover, s.coverKnown = snap.From, snap.Coverage, true
	if s.exactCancel != nil {
		s.exactCancel() // of the answer before, which a quick count replaces
		s.exactCancel = nil
	}
	s.keep(snap.Offset, snap.Rows)
	return nil
}

func (s *Answer) keep(offset int, rows []dataset.Row) {
	s.from, s.rows = offset, make([]uictx.Row, len(rows))
	for i, r := range rows {
		s.rows[i] = uictx.Row{Summary: r.Summary, Exchange: r.Kept}
	}
}

func (s *Answer) onWindow(msg WindowMsg) error {
	if msg.reading != s.reading {
		return nil
	}
	s.asking, s.cancel = false, nil
	if msg.err != nil {
		return msg.err
	}
	s.keep(msg.offset, msg.rows)
	return nil
}

// onExact keeps the exact count that follows a lower bound, unless a
// quick count since (the store changed) is of another reading.
func (s *Answer) onExact(msg ExactMsg) error {
	if msg.reading != s.reading {
		return nil
	}
	s.exactCancel = nil
	if msg.err != nil {
		return msg.err
	}
	s.count, s.atLeast = msg.count, false
	return nil
}

// onSums keeps totals that are still for the question in force; those of
// an older reading of it stay on screen until the newer are in.
func (s *Answer) onSums(msg SumsMsg) error {
	if msg.reading != s.sumsAsked {
		return nil
	}
	s.sumsBusy, s.sumsCancel, s.sumsAsked = false, nil, nil
	if msg.reading.Gen() != s.gen {
		return nil
	}
	if msg.err != nil {
		return msg.err
	}
	s.raw, s.sumsGen, s.sumsOf = msg.sums, s.gen, msg.reading
	s.tally()
	return nil
}
