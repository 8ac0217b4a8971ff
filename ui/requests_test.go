package ui

import (
	"slices"
	"testing"

	tea "charm.land/bubbletea/v2"

	"donations/api/demo"
	"donations/ui/uictx"
	"donations/ui/views/sorter"
)

// A view changes the question only by a request the root carries out: the
// sort prompt's key, handled by the view alone, leaves the root's question
// as it was and posts the request; through the root, the same key sorts.
func TestAViewChangesTheQuestionOnlyByARequest(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 10})
	d := newDriver(t, src, 100, 30)
	d.keys("s")
	v := d.m.children[sorter.ID].(*sorter.View)
	v.Update(tea.KeyPressMsg{Code: 'a', Text: "a"})
	if d.m.data.q.Sort != "" {
		t.Fatalf("the sort prompt wrote the question itself: sort %q", d.m.data.q.Sort)
	}
	if got := v.Take(); !slices.Equal(got, []uictx.Request{uictx.SortMsg{Key: "amount"}}) {
		t.Fatalf("the sort prompt asked %v, want to sort by amount", got)
	}
	d.keys("s", "a")
	if d.m.data.q.Sort != "amount" || d.m.focus != listID {
		t.Errorf("through the root: sort %q, focus %v; want amount, the list", d.m.data.q.Sort, d.m.focus)
	}
}
