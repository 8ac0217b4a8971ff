package help

import (
	"testing"

	"donations/ui/uictx"
)

// TestHelpFollowsWidthAndColours: the help's text, drawn once and kept, is
// drawn again for a new width and for the terminal's background, as one
// opened afresh draws it.
func TestHelpFollowsWidthAndColours(t *testing.T) {
	fresh := func(width int, dark bool) string {
		ctx := uictx.NewContext(uictx.Theme{})
		ctx.Background(dark)
		ctx.Layout = uictx.NewLayout(width, 40, false, false)
		return New(ctx, nil).View()
	}
	ctx := uictx.NewContext(uictx.Theme{})
	ctx.Background(true)
	ctx.Layout = uictx.NewLayout(120, 40, false, false)
	h := New(ctx, nil)
	if got, want := h.View(), fresh(120, true); got != want {
		t.Fatalf("first draw:\n%s\nwant\n%s", got, want)
	}
	ctx.Layout = uictx.NewLayout(90, 40, false, false)
	if got, want := h.View(), fresh(90, true); got != want {
		t.Fatalf("after a resize:\n%s\nwant\n%s", got, want)
	}
	ctx.Background(false)
	got, want := h.View(), fresh(90, false)
	if want == fresh(90, true) {
		t.Fatal("the light and dark help draw alike: the test proves nothing")
	}
	if got != want {
		t.Fatalf("after the background changed:\n%s\nwant\n%s", got, want)
	}
}
