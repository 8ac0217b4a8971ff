package uictx

import (
	"testing"

	"donations/textsafe"
)

// TestKeyLineKeepsTheLongestPrefixThatFits: at every width the key line is
// the most bindings, from the first, that fit whole, and only when not even
// two fit is it cut.
func TestKeyLineKeepsTheLongestPrefixThatFits(t *testing.T) {
	c := NewContext(Theme{})
	b := c.Keys.List.ShortHelp()
	c.help.SetWidth(0)
	full := textsafe.Width(c.help.ShortHelpView(b))
	for w := 1; w <= full+2; w++ {
		got := c.KeyLineWidth(b, w)
		if textsafe.Width(got) > w {
			t.Fatalf("width %d: %q is %d cells", w, got, textsafe.Width(got))
		}
		n := 0
		for k := len(b); k > 1; k-- {
			if c.help.ShortHelpView(b[:k]) == got {
				n = k
				break
			}
		}
		switch {
		case n == 0 && textsafe.Width(c.help.ShortHelpView(b[:2])) <= w:
			t.Fatalf("width %d: cut %q though two bindings fit", w, got)
		case n > 0 && n < len(b) && textsafe.Width(c.help.ShortHelpView(b[:n+1])) <= w:
			t.Fatalf("width %d: %d bindings kept though %d fit", w, n, n+1)
		}
	}
}
