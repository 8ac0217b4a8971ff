package sorter

import (
	"slices"
	"testing"

	"donations/query"
	"donations/ui/uictx"

	tea "charm.land/bubbletea/v2"
)

// The sort prompt's keys name query.Sorts in order, one each.
func TestSortKeysFollowTheSorts(t *testing.T) {
	km := uictx.NewKeyMap()
	s := &View{keys: &km.Sort}
	if got := len(s.bindings()); got != len(query.Sorts) {
		t.Errorf("%d sort keys for %d sort names", got, len(query.Sorts))
	}
}

// A column's key asks the root to sort by it; any other key asks nothing.
func TestSortKeyPostsTheSort(t *testing.T) {
	ctx := uictx.NewContext(uictx.Theme{})
	for _, tc := range []struct {
		key  rune
		want []uictx.Request
	}{{'a', []uictx.Request{uictx.SortMsg{Key: "amount"}}}, {'z', nil}} {
		s := New(ctx, nowhere{})
		s.Update(tea.KeyPressMsg{Code: tc.key, Text: string(tc.key)})
		if got := s.Take(); !slices.Equal(got, tc.want) {
			t.Errorf("%c: asked %v, want %v", tc.key, got, tc.want)
		}
	}
}

// nowhere is a navigator for a view tested alone: the keys stay put.
type nowhere struct{}

func (nowhere) Open(uictx.ViewID) tea.Cmd { return nil }
func (nowhere) Back()                     {}
func (nowhere) BackToOpener()             {}
func (nowhere) Quit() tea.Cmd             { return nil }
func (nowhere) SwitchView(bool) tea.Cmd   { return nil }
