package uictx

import (
	"errors"
	"strings"
	"testing"

	"donations/api"
)

// A server's text left with an escape sequence open (ESC ] or its C1
// form, never ended) is dropped to its end, but the hint after it, what
// the user does next, is still shown.
func TestErrorTextKeepsTheHintAfterAnOpenSequence(t *testing.T) {
	for _, open := range []string{"\x1b]0;never ends", "\u009d0;never ends"} {
		err := &api.Error{Kind: api.KindAuth, Status: 401, URL: "https://example.org/api/v1/donations", Err: errors.New("denied " + open)}
		got := ErrorText(err)
		if !strings.Contains(got, strings.SplitN(err.Hint(), "\n", 2)[0]) || strings.ContainsAny(got, "\x1b\u009d") {
			t.Errorf("ErrorText(%q) = %q: want the hint, and no escape", err.Error(), got)
		}
	}
}
