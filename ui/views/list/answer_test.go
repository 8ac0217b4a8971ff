package list

import (
	"context"
	"slices"
	"testing"

	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/api/demo"
	"donations/ask"
	"donations/dataset"
	"donations/dataset/datasettest"
)

// synced is the handle to a search of "e", newest first, asked of a
// synced store of n donations.
func synced(t *testing.T, n int) func() dataset.Asked {
	t.Helper()
	srv := datasettest.Server(t, demo.Options{Count: n})
	st, _ := datasettest.TempStore(t)
	datasettest.Sync(t, st, datasettest.Client(t, srv.URL), dataset.SyncOptions{})
	q, errs := ask.Read(ask.Texts{"search": "e"}, demo.End)
	if err := errs.Err(); err != nil {
		t.Fatal(err)
	}
	q.Desc = true
	return func() dataset.Asked { return dataset.Hold(st).Ask(q, false, true, nil) }
}

// run carries out cmd and what the replies ask next, as Bubble Tea does,
// and says which messages came, in order.
func run(t *testing.T, s *Answer, a func() dataset.Asked, cmd tea.Cmd) []tea.Msg {
	t.Helper()
	var got []tea.Msg
	for queue := []tea.Cmd{cmd}; len(queue) > 0; queue = queue[1:] {
		if queue[0] == nil {
			continue
		}
		switch msg := queue[0]().(type) {
		case tea.BatchMsg:
			queue = append(queue, msg...)
		default:
			got = append(got, msg)
			next, err, ok := s.Update(msg, a)
			if !ok || err != nil {
				t.Fatalf("%T: kept %v, %v", msg, ok, err)
			}
			queue = append(queue, next)
		}
	}
	return got
}

// A question is one command that decides where its answer comes from and
// brings the count, the window and the coverage; the sums follow as the
// second half of the same answer, and nothing more is read until the
// screen or the question changes. A late reply to an older question is
// dropped.
func TestOneQuestionIsOneAnswerThenItsSums(t *testing.T) {
	a := synced(t, 300)
	s := New()
	s.Invalidate()
	got := run(t, s, a, s.Show(a, Want{Height: 30, Sums: true}))
	if len(got) != 2 {
		t.Fatalf("the answer came as %d messages, want the answer and its sums: %#v", len(got), got)
	}
	first, ok1 := got[0].(AnsweredMsg)
	sums, ok2 := got[1].(SumsMsg)
	if !ok1 || !ok2 || sums.reading != first.reading {
		t.Fatalf("the messages are %T then %T, of readings %p and %p", got[0], got[1], first.reading, sums.reading)
	}
	if !s.Answered() || s.Len() == 0 || s.At(0).Summary.ID.Value == 0 || s.Partial(Loading{Synced: true}) != "" {
		t.Fatalf("answered %v, %d rows, first %d, partial %q", s.Answered(), s.Len(), s.At(0).Summary.ID.Value, s.Partial(Loading{Synced: true}))
	}
	if t0, ok := s.Sums(); !ok || t0.Count != s.Len() {
		t.Errorf("the sums are for the question %v and count %d of %d", ok, t0.Count, s.Len())
	}
	if cmd := s.Show(a, Want{Height: 30, Sums: true}); cmd != nil || s.Busy() {
		t.Errorf("the same screen again asked the store")
	}
	s.Invalidate()
	if _, _, ok := s.Update(first, a); !ok || s.Answered() {
		t.Errorf("an answer to the question before was kept (%v)", s.Answered())
	}
}

// The sums of a new question wait for its first screen: adding up reads
// every donation, and begun with the key beside the count and window, it
// would slow the screen the key asked for.
func TestTheSumsWaitForTheFirstScreen(t *testing.T) {
	a := synced(t, 300)
	s := New()
	s.Invalidate()
	run(t, s, a, s.Show(a, Want{Height: 30, Sums: true}))
	s.Invalidate()
	cmd := s.Show(a, Want{Height: 30, Sums: true})
	if s.sumsBusy {
		t.Fatal("the sums of the new question were begun with it")
	}
	got := run(t, s, a, cmd)
	if len(got) != 2 {
		t.Fatalf("the answer came as %d messages, want the answer then its sums: %#v", len(got), got)
	}
	if _, ok := got[0].(AnsweredMsg); !ok {
		t.Errorf("the first reply is %T, not the answer", got[0])
	}
	if sums, ok := s.Sums(); !ok || sums.Count != s.Len() {
		t.Errorf("after the first screen: sums for the question %v, counting %d of %d", ok, sums.Count, s.Len())
	}
}

// Rows past the middle of a lower bound are read from the start: the
// other end of the order is not where a lower bound says it is.
func TestAWindowPastTheMiddleOfALowerBoundReadsOnward(t *testing.T) {
	a := synced(t, 450)
	var all []int64
	if _, err := a().Donations(context.Background(), func(d *api.Donation) error {
		all = append(all, d.ID.Value)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	s := New()
	s.Invalidate()
	run(t, s, a, s.Show(a, Want{Height: 30}))
	if len(all) <= 280 || s.Len() != len(all) || s.Len() == 350 {
		t.Fatalf("%d rows of a store that selects %d", s.Len(), len(all))
	}
	// As a quick count of a common word would leave it: a lower bound.
	s.count, s.atLeast, s.rows = 350, true, nil
	s.want.Offset = 280 + windowSize/3
	msg := s.window()().(WindowMsg)
	if err := s.onWindow(msg); err != nil {
		t.Fatal(err)
	}
	var got []int64
	for i := 280; i < 280+windowSize && i < len(all); i++ {
		got = append(got, s.At(i).Summary.ID.Value)
	}
	if want := all[280:min(len(all), 280+windowSize)]; s.from != 280 || !slices.Equal(got, want) {
		t.Errorf("rows from %d of a lower bound of 350: %v, want %v", s.from, got, want)
	}
}
